// The fixed values stored in some columns, apart from the tables so that services name them without
// importing the tables (queries live in repositories, decision 40).

/** Why a balance changed; one value per kind of ledger entry. */
export const LedgerReason = {
  registrationBonus: 'registration_bonus',
  payment: 'payment',
  orderCharge: 'order_charge',
  orderRefund: 'order_refund',
  tip: 'tip',
  /** A tip credited to the designer of the delivered result. */
  tipReceived: 'tip_received',
  adminAdjustment: 'admin_adjustment',
  expiry: 'expiry',
} as const;
export type LedgerReasonValue = (typeof LedgerReason)[keyof typeof LedgerReason];

/** The two work queues: designers take orders, moderators take reviews. */
export const DispatchQueue = { executor: 'executor', review: 'review' } as const;
export type DispatchQueueName = (typeof DispatchQueue)[keyof typeof DispatchQueue];

/** Where a purchase attempt stands. */
export const PaymentStatus = { pending: 'pending', succeeded: 'succeeded', failed: 'failed' } as const;
export type PaymentStatusValue = (typeof PaymentStatus)[keyof typeof PaymentStatus];

/** Setting names; the specification leaves them open. */
export const SystemSettingName = {
  /** Work may be delayed while this moment lies in the future. */
  orderOverload: 'order overload',
} as const;
