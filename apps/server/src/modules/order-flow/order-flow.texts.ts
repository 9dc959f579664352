/** Answers of the customer's order actions (tip, revision) that the lifecycle refuses. */
export const TipText = {
  notAllowed: 'A tip can be left only on a finished order',
  alreadyTipped: 'This order has already been tipped: one tip per order',
  insufficientFunds: 'Not enough tokens for this tip',
  thanks: 'Thank you! The designer received your tip',
} as const;

export const RevisionText = {
  notAllowed: 'A revision can be asked only for a finished order',
  sent: 'Your order was sent for revision',
  picturesExpired: 'The pictures of this order were deleted after 30 days: a revision is no longer possible',
} as const;

/** The customer's own order that is not there (or is someone else's). */
export const OrderFlowText = { orderNotFound: 'Order not found' } as const;
