import { ReviewResult, type StaffOrder } from '@retouch/shared/dispatch';

/** What the designer must take into account on this round of the order. */
export interface OrderRemarks {
  /** The customer's revision request that started this round, if it is one. */
  revision: string | null;
  /** The latest moderator's send-back of this round: the marked-up picture and the comment. */
  fix: { picture: string | null; message: string | null } | null;
}

/**
 * The remarks of the current round: a round starts with the order or with the customer's latest
 * revision request; a moderator's Fix (review result 0) within it is shown with its picture.
 */
export function currentRemarks(order: Pick<StaffOrder, 'processing'>): OrderRemarks {
  let fix: OrderRemarks['fix'] = null;
  for (const step of order.processing.toReversed()) {
    if (step.client) return { revision: step.client.message, fix };
    const review = step.review?.result;
    if (!fix && review?.status === ReviewResult.fixed) {
      fix = { picture: review.picture, message: review.message };
    }
  }
  return { revision: null, fix };
}
