import { z } from 'zod';
import type { OrderCancelledEvent } from './admin-orders';
import type { QueueRate, StaffOrder, TimeExtension } from './dispatch';

/** Socket event names of both specifications. */
export const SocketEvent = {
  errors: 'errors',
  info: 'info',
  warn: 'warn',
  newOrder: 'new order',
  changeOrders: 'change orders',
  /** Our addition: the customer's balance changed (payment credited, tokens expired, ...). */
  balance: 'balance',
  orderForExecutor: 'order for executor',
  executorFind: 'executor find',
  executorRate: 'executor rate',
  timeExtension: 'time extension',
  orderForReview: 'order for review',
  reviewFind: 'review find',
  reviewRate: 'review rate',
  /** Our addition: staff cancelled the order the designer or moderator holds; they are free again. */
  orderCancelled: 'order cancelled',
  /** Our addition: the user's effective permissions (role, custom switches) changed. */
  permissionsChanged: 'permissions changed',
  /** Our addition: a designer's pay was recorded (a result approved): their day's earnings changed. */
  earningsChanged: 'earnings changed',
  /**
   * Our addition: this instance's link to the other instances (Redis) came back after an outage, so
   * events may have been missed while the socket stayed connected: read again what is shown, as after
   * a reconnect.
   */
  refetch: 'refetch',
} as const;

/**
 * The `errors` status answering a search (`executor find`, `review find`) the server could not record
 * because the database is out of reach: the search is not lost, the server keeps trying it while the
 * socket stays connected, and the client keeps searching.
 */
export const SEARCH_UNAVAILABLE_STATUS = 503;
/** Its message, the same for designers and moderators (DispatchText and ReviewText name it too). */
export const SEARCH_DELAYED_MESSAGE = 'Сервер временно недоступен. Поиск заказа продолжится автоматически';

/** `errors` payload: a status and a message. */
export const socketErrorSchema = z.object({ status: z.number().int(), message: z.string() });
export type SocketError = z.infer<typeof socketErrorSchema>;

/** `info` / `warn` payload. */
export const socketNoticeSchema = z.object({ message: z.string() });
export type SocketNotice = z.infer<typeof socketNoticeSchema>;

/**
 * `change orders` payload. `from` (the condition before; null for a new order) and `customerId` are ours:
 * the customer's notices tell news from their own steps, and holders of lookOrders hear everyone's orders.
 */
export const orderChangeSchema = z.object({
  orderId: z.string(),
  condition: z.number().int(),
  from: z.number().int().nullable().optional(),
  customerId: z.string().optional(),
});
export type OrderChange = z.infer<typeof orderChangeSchema>;

/** Rooms a connection joins. */
export const SocketRoom = {
  user: (userId: string) => `user:${userId}`,
  role: (roleId: string) => `role:${roleId}`,
  staff: 'staff',
  /** Holders of lookOrders: told of every new order. */
  lookOrders: 'look-orders',
} as const;

/** Events the server emits, with their payloads (filled in by later issues). */
export interface ServerToClientEvents {
  errors: (payload: SocketError) => void;
  info: (payload: SocketNotice) => void;
  warn: (payload: SocketNotice) => void;
  'change orders': (payload: OrderChange) => void;
  balance: (payload: { main: number; bonus: number }) => void;
  'new order': (payload: { orderId: string }) => void;
  /**
   * Sent with an acknowledgement: the client calls `confirm` once it has the order. An assignment
   * not confirmed is sent again (the same order), and handed back to the queue when never confirmed.
   */
  'order for executor': (order: StaffOrder, confirm: () => void) => void;
  'executor rate': (rate: QueueRate) => void;
  'time extension': (payload: TimeExtension) => void;
  /** Confirmed as `order for executor` is. */
  'order for review': (order: StaffOrder, confirm: () => void) => void;
  'review rate': (rate: QueueRate) => void;
  'order cancelled': (payload: OrderCancelledEvent) => void;
  'permissions changed': () => void;
  'earnings changed': () => void;
  refetch: () => void;
}

/** Events the client emits. */
export interface ClientToServerEvents {
  'executor find': (searching: boolean) => void;
  /** Asks for the executor queue size; answered with `executor rate`. */
  'executor rate': () => void;
  /** The designer accepts the extension offer. */
  'time extension': () => void;
  'review find': (searching: boolean) => void;
  'review rate': (ask?: boolean) => void;
}
