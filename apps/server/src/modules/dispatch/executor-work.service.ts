import type { z } from 'zod';
import { DispatchText, type refuseBodySchema } from '@retouch/shared/dispatch';
import { liveReasonExists } from '../catalog/reasons.repository';
import { AppError } from '../../lib/app-error';
import { deliverResult, refuseOrder as refuseHeldOrder } from '../order-flow/designer-commands';
import type { OrderFlowDeps } from '../order-flow/order-transition';

/**
 * `POST /api/admin/orders/executor/completed`: the designer's result goes to review (condition 2).
 * The picture is checked and stored first and removed again if the attempt ended meanwhile.
 */
export async function completeOrder(
  deps: OrderFlowDeps,
  designerId: string,
  image: Buffer | undefined,
): Promise<{ message: string }> {
  await deliverResult(deps, designerId, image);
  return { message: DispatchText.orderSent };
}

/** `POST /api/admin/orders/executor/refuse` {_id}: the refusal with its reason goes to review (condition 3). */
export async function refuseOrder(
  deps: OrderFlowDeps,
  designerId: string,
  { _id: reasonId }: z.output<typeof refuseBodySchema>,
): Promise<{ message: string }> {
  if (!(await liveReasonExists(deps.db, reasonId))) throw AppError.badRequest(DispatchText.reasonUnknown);
  await refuseHeldOrder(deps, designerId, reasonId);
  return { message: DispatchText.orderRefused };
}
