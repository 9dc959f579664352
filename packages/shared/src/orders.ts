import { z } from 'zod';
import { orderStatus, type OrderStatusKind, type ProgressStyle, type TimedOrder } from './order-status';
import { PersonProfileText, personProfileSnapshotSchema } from './person-profiles';

// The condition enum lives with the transition table (order-flow); re-exported for those importing it here.
export { OrderCondition, type OrderConditionValue } from './order-flow';

/** Largest tip (customer-side section 9). */
export const MAX_TIP = 9_999_999;

/** Order texts of the customer side, exactly as the specification writes them. */
export const OrderText = {
  uploadPhotoFirst: 'Upload a photo first!',
  noServices: "You didn't choose any services.",
  maxPersons: 'You have selected the maximum number of people!',
  faceImageRequired: 'You need to upload your face image firstly',
  faceImageTooLarge: 'Your image size must be less than 2000x2000',
  timeIsUp: 'Time is up',
  overloaded: 'Work may be a little delayed',
  beingModerated: 'The order is being moderated',
  revisionRequired: 'Message is required',
  tipRequired: 'Tip amount is required',
  tipPositive: 'Tip amount must be more than 0',
  // Issue 19: refusals of what the tip box used to round or raise silently (not in the specification).
  tipWholeNumber: 'Tip amount must be a whole number of coins',
  tipNotNumber: 'Tip amount must be a number',
  tipTooLarge: `Tip amount must be at most ${MAX_TIP}`,
  rejectedForReason: 'Your order was rejected for a reason:',
  lookingForDesigner: 'Looking for a designer',
  inProgress: 'In progress',
  executed: 'Executed',
  cancelled: 'Cancelled',
  // The specification's modal says 'from 10', against its own rule (strictly above 10): the rule wins.
  insufficientFunds:
    "Sending an order is possible from 11 tokens, and your balance must cover the order's cost.",
} as const;

/** Limits of the editor and the order (customer-side section 9). */
export const MAX_PERSONS_WITH_PHOTO = 10;
/** Sending needs a total balance (main plus bonus) strictly above this. */
export const MIN_BALANCE_TO_SEND = 10;
export const BASE_EXECUTION_MINUTES = 10;
export const MAX_ADDITIONAL_IMAGE_SIDE = 2000;
export const MAX_REVISION_LENGTH = 400;
export const TIP_PRESETS = [5, 10, 15, 25, 30] as const;
export const DEFAULT_TIP = 25;
export const ORDER_PAGE_SIZES = [5, 10, 20] as const;
export const DEFAULT_ORDER_PAGE_SIZE = 5;
/** The editor's canvas (customer-side section 9); below `BREAKPOINTS.canvas` its width is the window's minus 20. */
export const EDITOR_CANVAS = { width: 700, height: 400, narrowMargin: 20 } as const;
/** Service slider: 200 px a service up to 5 services, else 1400 px; options 140 px each up to 9. */
export const SERVICE_SLIDER = {
  itemWidth: 200,
  maxItemsAtItemWidth: 5,
  wideWidth: 1400,
  optionItemWidth: 140,
  maxOptionItems: 9,
} as const;

/** Whether a balance may send an order of `cost`: a total strictly above 10 that also covers the cost. */
export function balanceCoversOrder(balance: { main: number; bonus: number }, cost: number): boolean {
  const total = balance.main + balance.bonus;
  return total > MIN_BALANCE_TO_SEND && total >= cost;
}

// The status rule of both sides lives in order-status; re-exported for those importing it here.
export { progressRefreshMs, remainingTimeMs } from './order-status';

export type ProgressStatus = ProgressStyle;

export interface OrderProgress {
  percent: number;
  status: ProgressStatus;
  /** The circle's tooltip (customer side, section 2: "circle with tooltip of status text"). */
  text: string;
}

/** The customer's words for each status (customer side, section 4): a refusal is shown as cancelled. */
const CUSTOMER_STATUS_TEXT: Record<OrderStatusKind, string> = {
  lookingForDesigner: OrderText.lookingForDesigner,
  inProgress: OrderText.inProgress,
  beingModerated: OrderText.beingModerated,
  completed: OrderText.executed,
  refused: OrderText.cancelled,
  cancelled: OrderText.cancelled,
};

/** The history's progress circle and its tooltip at `now` (ms): the shared status rule, in the customer's words. */
export function orderProgress(order: TimedOrder, now: number): OrderProgress {
  const { kind, percent, style } = orderStatus(order, now);
  return { percent, status: style, text: CUSTOMER_STATUS_TEXT[kind] };
}

/** An order's uploaded pictures; every one is null once the retention job deleted them (`picturesExpired`). */
export const orderPicturesSchema = z.object({
  original: z.string().nullable(),
  thumbnail: z.string().nullable(),
  draft: z.string().nullable(),
  additional: z.string().nullable(),
});
export type OrderPictures = z.infer<typeof orderPicturesSchema>;

/** The picture fields of an order as the customer's history presents it. */
export const orderPictureFieldsSchema = z.object({
  pictures: orderPicturesSchema,
  finalPicture: z.string().nullable(),
  completed: z.object({ picture: z.string().nullable() }),
  /** True once the pictures were deleted (30 days after the order, or with the account): screens show a placeholder. */
  picturesExpired: z.boolean(),
});
export type OrderPictureFields = z.infer<typeof orderPictureFieldsSchema>;

/** A chosen service or option as the customer's history shows it (user-language texts only). */
export const historyEntrySchema = z.object({
  _id: z.string(),
  /**
   * The catalogue service or option the entry names (customer side section 3: "each with a ref");
   * absent from the persons of an order recorded before it (orders.persons_view), as `serviceId`.
   */
  ref: z.string().optional(),
  /**
   * Issue 36: the service an option belongs to (the service itself for a service), so that the history
   * lists an option under it; absent from the persons of an order recorded before.
   */
  serviceId: z.string().optional(),
  isOptional: z.boolean(),
  title: z.object({ user: z.string() }),
  description: z.object({ user: z.string() }),
  picture: z.string(),
  degreeAction: z.array(z.object({ _id: z.string(), title: z.object({ user: z.string() }) })),
  cost: z.number(),
  active: z.boolean(),
  edited: z.boolean(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** A designer's attempt as the customer sees it, without who made it. */
const historyAttemptSchema = z.object({
  executor: z.object({
    dateStart: z.string().nullable(),
    dateEnd: z.string().nullable(),
    timeExtension: z.boolean(),
    result: z.object({ status: z.number().nullable() }),
  }),
});

/** A processing step as the customer sees it: their own messages, and the attempts without who made them. */
export const historyStepSchema = z.union([
  z.object({ client: z.object({ message: z.string() }) }),
  historyAttemptSchema,
]);
export type HistoryStep = z.infer<typeof historyStepSchema>;

/** The fields every answer of an order begins with, the customer's and the staff's alike. */
export const orderBaseSchema = z.object({
  _id: z.string(),
  condition: z.number().int(),
  createdAt: z.string(),
  cost: z.number(),
  tip: z.number(),
  executionTime: z.number(),
  /** Start of the current attempt. */
  dateStart: z.string().nullable(),
});

/** An order of the customer's history (customer-side section 3), as `GET /api/orders/user/` and `/api/orders/order/{id}` answer it. */
export const historyOrderSchema = orderBaseSchema.extend({
  /** When the result is expected (docs/decisions/0026-eta.md); null once finished, or while no designer is on shift. */
  eta: z.string().nullable(),
  message: z.string(),
  ...orderPictureFieldsSchema.shape,
  refuseReason: z.object({ title: z.object({ user: z.string() }) }).nullable(),
  processing: z.array(historyStepSchema),
  /** The running attempt (an attempt without an end), null while there is none. */
  currentProcessing: historyAttemptSchema.nullable(),
  persons: z.array(
    z.object({
      id: z.string(),
      orders: z.array(historyEntrySchema),
      /** Issue 23: the copy of the person profile applied to the person; absent when none was. */
      profile: personProfileSnapshotSchema.optional(),
    }),
  ),
});
export type HistoryOrder = z.infer<typeof historyOrderSchema>;

/** `GET /api/orders/user/`: one page of the customer's orders and their total. */
export const historyPageSchema = z.object({ orders: z.array(historyOrderSchema), total: z.number().int() });
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** `POST /api/orders/create` 201 answer: the order as made. */
export const createdOrderSchema = z.object({
  _id: z.string(),
  cost: z.number(),
  executionTime: z.number(),
  condition: z.number().int(),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** One chosen service or option in the `data` JSON of `POST /api/orders/create`. */
export const orderEntrySchema = z.object({
  id: z.uuid(),
  degreeAction: z.array(z.uuid()).max(20).default([]),
  isOptional: z.boolean().default(false),
});

/** The `data` JSON of `POST /api/orders/create` (customer-side section 3, Order submitted). */
export const orderSubmitSchema = z.object({
  order: z.object({
    persons: z
      .array(
        z.object({
          id: z.string().trim().min(1).max(40),
          orders: z.array(orderEntrySchema).max(50),
          /** Issue 23: the customer's person profile applied to this person; the order keeps a copy of it. */
          profileId: z.uuid({ error: PersonProfileText.orderProfileNotFound }).optional(),
        }),
      )
      .min(1)
      .max(MAX_PERSONS_WITH_PHOTO, OrderText.maxPersons),
    message: z.string().trim().max(2000).default(''),
  }),
});
export type OrderSubmit = z.input<typeof orderSubmitSchema>;

/** `GET /api/system/order/overload` answer: true while work may be delayed. */
export const overloadSchema = z.object({ status: z.boolean() });
export type Overload = z.infer<typeof overloadSchema>;

/** `POST /api/orders/refusal/{id}` body: the revision request. */
export const revisionSchema = z.object({
  message: z
    .string({ error: OrderText.revisionRequired })
    .trim()
    .min(1, OrderText.revisionRequired)
    .max(MAX_REVISION_LENGTH),
});

/** `POST /api/orders/order/{id}/tip` body. */
export const tipSchema = z.object({
  data: z.object({
    amount: z
      .number({ error: (issue) => (issue.input == null ? OrderText.tipRequired : OrderText.tipNotNumber) })
      .gt(0, OrderText.tipPositive)
      .int(OrderText.tipWholeNumber)
      .max(MAX_TIP, OrderText.tipTooLarge),
  }),
});
