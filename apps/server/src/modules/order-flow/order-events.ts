import type { TimeExtension } from '@retouch/shared/dispatch';
import type { OrderConditionValue } from '@retouch/shared/orders';
import type { DispatchQueueName } from '../../db/values';

/** What the order lifecycle tells the world; collected in a transaction, published once it committed. */
export type OrderEvent =
  | {
      kind: 'conditionChanged';
      orderId: string;
      customerId: string;
      /** null: the order was just sent. */
      from: OrderConditionValue | null;
      to: OrderConditionValue;
    }
  /** A designer (executor queue) or a moderator (review queue) was handed the order. */
  | { kind: 'assigned'; queue: DispatchQueueName; orderId: string; staffId: string }
  /** An order left or joined a queue without a condition change (a review taken or released). */
  | {
      kind: 'queueChanged';
      queue: DispatchQueueName;
      /** An order (re)joined it: matching runs. */ entered: boolean;
    }
  | { kind: 'timeExtension'; designerId: string; payload: TimeExtension }
  | { kind: 'balanceChanged'; userId: string }
  /** A designer's pay was recorded: their earnings of the day changed. */
  | { kind: 'earningsChanged'; designerId: string }
  /** Staff took the order from the designer or moderator holding it. */
  | { kind: 'orderCancelled'; staffId: string; orderId: string };

/** The one port the lifecycle publishes through (socket.io in the app, nothing in some tests). */
export interface OrderEventPort {
  publish(events: readonly OrderEvent[]): void | Promise<void>;
  /**
   * Loads what publishing the events needs (the staff view of an assigned order) and answers the
   * publishing itself: the loading runs while the outbox record is taken, the publishing once it was.
   */
  prepare?(events: readonly OrderEvent[]): Promise<() => void | Promise<void>>;
}
