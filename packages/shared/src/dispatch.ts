import { z } from 'zod';
import { SEARCH_DELAYED_MESSAGE } from './realtime';
import { orderBaseSchema, orderPicturesSchema } from './orders';
import { personProfileSnapshotSchema } from './person-profiles';

/** Texts of the designer cabinet and dispatch (back-office sections 5 and 8), exactly as written there. */
export const DispatchText = {
  notOnShift: 'Вы не на дежурстве. Сначала начните смену!',
  imageMissing: 'Изображение не загружено',
  reasonMissing: 'Не выбрана причина',
  cannotAddService: 'Невозможно добавить новую услугу',
  orderReceived: 'Заказ получен',
  orderSent: 'Заказ отправлен на обработку',
  orderRefused: 'Вы отказались от выполнения данного заказа',
  resultUploaded: 'Картинка успешно загружена',
  // Our wording where the specification gives none.
  noShift: 'Смена не начата',
  noCabinet: 'Нет доступа к кабинету дизайнера',
  shiftNeedsBackOffice: 'Смена доступна только сотрудникам с доступом к админ-панели',
  noOrderInWork: 'У вас нет заказа в работе',
  holdingOrder: 'Сначала завершите текущий заказ',
  timeExpired: 'Время на выполнение заказа истекло. Заказ передан другому дизайнеру',
  extensionOffer: 'До конца времени осталось 10 минут. Продлить на 10 минут?',
  extended: 'Время продлено на 10 минут',
  noExtensionOffer: 'Продление сейчас недоступно',
  servicesSaved: 'Услуги заказа сохранены',
  /** Refuses an edit of the services that would pay the designer more than the order as the customer paid for it. */
  payAboveCharge:
    'Изменение не сохранено: оплата дизайнера не может превышать оплату заказа, за который заплатил клиент',
  reasonUnknown: 'Причина не найдена',
  /** Told on reconnecting when the order went back to the queue while the designer was away. */
  awayTooLong: 'Вас не было в сети слишком долго. Заказ передан другому дизайнеру',
  /** Told in answer to a search while the database is out of reach; the server keeps trying it. */
  searchDelayed: SEARCH_DELAYED_MESSAGE,
} as const;

/** `time extension` codes (back-office section 4). */
export const TimeExtensionCode = { expired: 1, offer: 2, extended: 3 } as const;

/** Minutes a time extension adds; the designer's countdown ends this long before the hard deadline. */
export const EXTENSION_MINUTES = 10;
/** Seconds the extension offer stays open. */
export const EXTENSION_OFFER_SECONDS = 60;
/** Seconds other time messages are shown. */
export const TIME_MESSAGE_SECONDS = 5;
/** Seconds 'Заказ получен' is shown. */
export const ORDER_RECEIVED_NOTICE_SECONDS = 2;

/**
 * Executor result status of a processing entry: 0 refused, 1 completed, 2 (or any other) overdue. 3 is
 * ours: the designer was away past the grace period (or their account went), so the order went back to
 * the queue; screens show it as interrupted («Прерван (нет связи)», issue 34) rather than overdue, and
 * unlike an overdue attempt it does not keep that designer from the order.
 */
export const ExecutorResult = { refused: 0, completed: 1, overdue: 2, interrupted: 3 } as const;
/** Review result status: 0 fixed (sent back to the designer), 1 approved. */
export const ReviewResult = { fixed: 0, approved: 1 } as const;

/** `GET /api/executor/shift` and `POST /api/executor/shift/toggle` answer; null after a toggle off. */
export const shiftSchema = z.object({ startDate: z.string().nullable() });
export type Shift = z.infer<typeof shiftSchema>;

/** `time extension` from the server. */
export const timeExtensionSchema = z.object({ code: z.number().int(), message: z.string() });
export type TimeExtension = z.infer<typeof timeExtensionSchema>;

/** `executor rate` / `review rate`: how many orders wait in that queue. */
export const queueRateSchema = z.object({ size: z.number().int() });
export type QueueRate = z.infer<typeof queueRateSchema>;

/** `POST /api/admin/orders/executor/refuse` body: the refusal reason. */
export const refuseBodySchema = z.object({
  _id: z.uuid({ error: DispatchText.reasonMissing }),
});

/** `PATCH /api/admin/orders/executor/change/order` body: every person's entries, old and new. */
export const changeOrderBodySchema = z.object({
  persons: z
    .array(
      z.object({
        id: z.string().trim().min(1).max(40),
        orders: z
          .array(
            z.object({
              id: z.uuid({ error: DispatchText.cannotAddService }),
              isOptional: z.boolean().default(false),
              /** Whether the entry stays part of the work. */
              status: z.boolean().default(true),
              degreeAction: z.array(z.uuid()).max(20).default([]),
            }),
          )
          .max(50),
      }),
    )
    .min(1)
    .max(10),
});
export type ChangeOrderBody = z.input<typeof changeOrderBodySchema>;

export const bilingualTitleAnswerSchema = z.object({ admin: z.string(), user: z.string() });
export type BilingualTitle = z.infer<typeof bilingualTitleAnswerSchema>;

/** A resolved entry of a person, as staff see it (back-office section 3, Person order item). */
export const staffOrderEntrySchema = z.object({
  _id: z.string(),
  /** The catalogue service or option the entry names (back-office section 3: "with ref, active, edited"). */
  ref: z.string(),
  /** The service an option belongs to; the service itself for a service. */
  serviceId: z.string(),
  isOptional: z.boolean(),
  title: bilingualTitleAnswerSchema,
  description: bilingualTitleAnswerSchema,
  instruction: z.string(),
  picture: z.string(),
  degreeAction: z.array(z.object({ _id: z.string(), title: bilingualTitleAnswerSchema })),
  cost: z.number(),
  designerPrice: z.number(),
  active: z.boolean(),
  edited: z.boolean(),
});
export type StaffOrderEntry = z.infer<typeof staffOrderEntrySchema>;

/** A service or option a person's work counts, in the comparison of a designer's edit. */
export const countedServiceSchema = staffOrderEntrySchema.pick({
  _id: true,
  serviceId: true,
  isOptional: true,
  title: true,
  degreeAction: true,
  designerPrice: true,
});
export type CountedService = z.infer<typeof countedServiceSchema>;

/** The persons' counted services and the designer's pay at one moment. */
export const servicesStateSchema = z.object({
  pay: z.number(),
  persons: z.array(z.object({ id: z.string(), services: z.array(countedServiceSchema) })),
});
export type ServicesState = z.infer<typeof servicesStateSchema>;

/** A designer changed the order's services (decision 47): as the customer sent them against now. */
export const servicesEditedSchema = z.object({ asSent: servicesStateSchema, now: servicesStateSchema });
export type ServicesEdited = z.infer<typeof servicesEditedSchema>;

/** One processing entry (back-office section 3): a designer's attempt with its review, or a client message. */
export const staffProcessingStepSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  client: z.object({ message: z.string() }).nullable(),
  executor: z
    .object({
      _id: z.string(),
      email: z.string(),
      dateStart: z.string().nullable(),
      dateEnd: z.string().nullable(),
      timeExtension: z.boolean(),
      result: z.object({
        status: z.number().nullable(),
        picture: z.string().nullable(),
        reason: z.object({ title: bilingualTitleAnswerSchema }).nullable(),
      }),
    })
    .nullable(),
  review: z
    .object({
      _id: z.string().nullable(),
      email: z.string().nullable(),
      dateStart: z.string().nullable(),
      dateEnd: z.string().nullable(),
      result: z.object({
        status: z.number().nullable(),
        picture: z.string().nullable(),
        message: z.string().nullable(),
      }),
    })
    .nullable(),
});
export type StaffProcessingStep = z.infer<typeof staffProcessingStepSchema>;

/** The whole order as staff see it: `order for executor`, `order for review` and the admin details. */
export const staffOrderSchema = orderBaseSchema.extend({
  message: z.string(),
  client: z.object({
    _id: z.string(),
    email: z.string(),
    name: z.object({ giveName: z.string(), familyName: z.string() }),
  }),
  /** Every picture is null once the retention job deleted them (`picturesExpired`). */
  pictures: orderPicturesSchema,
  finalPicture: z.string().nullable(),
  completed: z.object({ picture: z.string().nullable() }),
  /** True once the order's pictures were deleted: the back office shows a placeholder (the server always sends it). */
  picturesExpired: z.boolean().optional(),
  refuseReason: z.object({ _id: z.string(), title: bilingualTitleAnswerSchema }).nullable(),
  finance: z.object({ costForExecutor: z.number() }),
  persons: z.array(
    z.object({
      id: z.string(),
      orders: z.array(staffOrderEntrySchema),
      /** Issue 23: the copy of the customer's person profile applied to the person, if any (the server always sends it). */
      profile: personProfileSnapshotSchema.nullable().optional(),
    }),
  ),
  processing: z.array(staffProcessingStepSchema),
  currentProcessing: staffProcessingStepSchema.nullable(),
  /** Issue 35: null unless a designer changed the services (the server always sends it). */
  servicesEdited: servicesEditedSchema.nullable().optional(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

/**
 * `GET /api/executor/state`: the designer's cabinet as the server holds it, read at every (re)load and
 * reconnect, since the socket's events of a page that was not listening yet are lost.
 */
export const cabinetSnapshotSchema = z.object({
  shift: shiftSchema,
  /** The order in hand, with the start of its countdown. */
  order: staffOrderSchema.nullable(),
  /** The extension offer of the order in hand is open (the designer has not answered it yet). */
  extensionOffer: z.boolean(),
  /**
   * Seconds a designer holding an order may be offline before the order goes back to the queue
   * (HOLDER_GRACE_SECONDS): past it, a cabinet offline says the order may have been taken back.
   */
  holderGraceSeconds: z.number().int().positive(),
});
export type CabinetSnapshot = z.infer<typeof cabinetSnapshotSchema>;

/** `PATCH /api/admin/orders/executor/change/order` answer: the order as saved. */
export const changeOrderAnswerSchema = z.object({ order: staffOrderSchema, message: z.string() });
export type ChangeOrderAnswer = z.infer<typeof changeOrderAnswerSchema>;

/**
 * Milliseconds the designer has left: the execution time since the attempt's start, less the
 * extension's 10 minutes unless the time was extended (back-office section 4).
 */
export function designerRemainingMs(
  order: { executionTime: number; dateStart: string | null },
  extended: boolean,
  now: number,
): number {
  if (!order.dateStart) return 0;
  const end =
    new Date(order.dateStart).getTime() +
    order.executionTime * 60_000 -
    (extended ? 0 : EXTENSION_MINUTES * 60_000);
  return Math.max(0, end - now);
}

/** One day of the analytics table (back-office section 3, Analytics row). */
export const analyticsRowSchema = z.object({
  date: z.string(),
  /** Milliseconds on shift that day. */
  shiftTime: z.number(),
  ordersCount: z.number().int(),
  /** Designer pay earned that day, in tokens. */
  totalCost: z.number(),
  /** Tips of the day in cents. */
  tips: z.array(z.object({ orderId: z.string(), tip: z.number() })),
  totalTips: z.number(),
});
export type AnalyticsRow = z.infer<typeof analyticsRowSchema>;

/** `GET /api/analytics/user[/{userId}]` query. */
export const analyticsQuerySchema = z.object({
  startDate: z.iso.datetime({ offset: true }).or(z.iso.date()),
  endDate: z.iso.datetime({ offset: true }).or(z.iso.date()),
});
