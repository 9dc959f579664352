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
} as const;

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
  'order for executor': (order: StaffOrder) => void;
  'executor rate': (rate: QueueRate) => void;
  'time extension': (payload: TimeExtension) => void;
  'order for review': (order: StaffOrder) => void;
  'review rate': (rate: QueueRate) => void;
  'order cancelled': (payload: OrderCancelledEvent) => void;
  'permissions changed': () => void;
  'earnings changed': () => void;
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
