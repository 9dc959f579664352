import type { z } from 'zod';
import type { tipSchema } from '@retouch/shared/orders';
import { runDirectly, type RunOnce } from '../idempotency/idempotency.service';
import { tipOrder } from '../order-flow/customer-commands';
import type { OrderFlowDeps } from '../order-flow/order-transition';

/**
 * `POST /api/orders/order/{id}/tip`: a tip on a finished order (6 -> 10), once per order; the designer of
 * the delivered result is credited in the same transaction (docs/decisions/0022).
 */
export async function leaveTip(
  deps: OrderFlowDeps,
  userId: string,
  orderId: string,
  { data: { amount } }: z.output<typeof tipSchema>,
  once: RunOnce = runDirectly,
): Promise<{ message: string }> {
  return tipOrder(deps, userId, orderId, amount, once);
}
