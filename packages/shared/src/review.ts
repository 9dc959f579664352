import { z } from 'zod';
import { SEARCH_DELAYED_MESSAGE } from './realtime';

/** Texts of the moderator workplace (back-office sections 4, 5 and 8), exactly as written there. */
export const ReviewText = {
  designerRefused: 'The designer refused the order for reason:',
  // Our wording where the specification gives none.
  noCabinet: 'Нет доступа к кабинету модератора',
  notOnShift: 'Вы не на дежурстве. Сначала начните смену!',
  noOrderInReview: 'У вас нет заказа на проверке',
  wrongKind: 'Это действие не подходит для заказа на проверке',
  messageTooLong: 'Комментарий не может быть длиннее 500 символов',
  imageMissing: 'Изображение не загружено',
  approved: 'Работа принята',
  sentBack: 'Заказ отправлен на доработку',
  /** An order never delivered: refused and refunded. */
  refusalAccepted: 'Отказ принят, токены возвращены клиенту',
  /** A revision: the order goes back to its delivered result and nothing is refunded (decision 22). */
  revisionRefusalAccepted: 'Отказ от доработки принят: у клиента остаётся прежний результат',
  refusalRejected: 'Отказ отклонён, заказ снова в очереди',
  /** Told in answer to a search while the database is out of reach; the server keeps trying it. */
  searchDelayed: SEARCH_DELAYED_MESSAGE,
} as const;

/** A difference with its sign ("+2", "−1"), or that there is none. */
const signedDifference = (difference: number) =>
  difference === 0 ? 'без изменений' : `${difference > 0 ? '+' : '−'}${Math.abs(difference)}`;

/**
 * What the moderator is shown of a designer's edit of the services (issue 35, decision 47): the
 * services and pay as the customer sent them against now. Our wording: the specification has none.
 */
export const ServicesEditedText = {
  title: 'Дизайнер изменил услуги заказа',
  hint: 'Проверьте, что работа соответствует заказу клиента: ниже услуги при отправке заказа и сейчас.',
  asSent: 'Заказано клиентом',
  now: 'Сейчас',
  noServices: 'Нет услуг',
  added: 'Добавлена',
  removed: 'Убрана',
  pay: 'Оплата дизайнера, токены',
  /** The pay as sent, now and the difference: "2 → 1 (−1)". */
  payChange: (asSent: number, now: number) => `${asSent} → ${now} (${signedDifference(now - asSent)})`,
} as const;

/** Longest moderator comment (back-office section 9). */
export const MAX_REVIEW_COMMENT = 500;
/** Seconds a disconnected moderator keeps the order under review before it returns to the queue. */
export const REVIEW_RELEASE_GRACE_SECONDS = 60;

/** The `data` JSON of `POST /api/admin/orders/review/completed/rejection`. */
export const reviewRejectionSchema = z.object({
  message: z.string().trim().max(MAX_REVIEW_COMMENT, ReviewText.messageTooLong).default(''),
});

/** The message the moderator sees for a designer's refusal. */
export const designerRefusedMessage = (reason: string) => `${ReviewText.designerRefused} ${reason}`;
