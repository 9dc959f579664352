import type { z } from 'zod';
import type { revisionSchema } from '@retouch/shared/orders';
import { runDirectly, type RunOnce } from '../idempotency/idempotency.service';
import { askRevision } from '../order-flow/customer-commands';
import type { OrderFlowDeps } from '../order-flow/order-transition';

/**
 * `POST /api/orders/refusal/{id}`: the customer's revision request is recorded and the order goes back
 * to work, to the designer of the delivered result when on duty and free (5), else to the queue (7).
 */
export async function requestRevision(
  deps: OrderFlowDeps,
  userId: string,
  orderId: string,
  { message }: z.output<typeof revisionSchema>,
  once: RunOnce = runDirectly,
): Promise<{ message: string }> {
  return askRevision(deps, userId, orderId, message, once);
}
