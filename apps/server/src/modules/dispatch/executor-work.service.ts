import type { z } from 'zod';
import { DispatchText, type refuseBodySchema } from '@retouch/shared/dispatch';
import { findLiveReason } from '../catalog/reasons.repository';
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

/**
 * `POST /api/admin/orders/executor/refuse` {_id}: the refusal with its reason goes to review (condition 3).
 * A reason still untitled (created empty) is no reason chosen: the customer would read an empty one.
 */
export async function refuseOrder(
  deps: OrderFlowDeps,
  designerId: string,
  { _id: reasonId }: z.output<typeof refuseBodySchema>,
): Promise<{ message: string }> {
  const reason = await findLiveReason(deps.db, reasonId);
  if (!reason) throw AppError.badRequest(DispatchText.reasonUnknown);
  if (!reason.titleAdmin || !reason.titleUser) throw AppError.badRequest(DispatchText.reasonMissing);
  await refuseHeldOrder(deps, designerId, reasonId);
  return { message: DispatchText.orderRefused };
}
