import { isInGroup } from '@retouch/shared/order-flow';
import type { DispatchQueueName } from '../../db/values';
import type { OrderEvent } from '../order-flow/order-events';
import { publishAbandoned, type OrderFlowDeps } from '../order-flow/order-transition';
import { designerQueuePolicy, offerExtensions } from './designer-queue';
import { moderatorQueuePolicy } from './moderator-queue';
import { createWorkQueue, type PresenceRules, type WorkQueue } from './work-queue.service';

/** The lifecycle's running parts: the commands' deps and the two work queues over them. */
export interface OrderWork {
  flow: OrderFlowDeps;
  designers: WorkQueue;
  moderators: WorkQueue;
  /** Matches the queues the events put an order in (`flow.onCommit`: at once, on the committing instance). */
  matchEntered(events: readonly OrderEvent[]): Promise<void>;
  /**
   * One pass of the sweeper every instance runs (tests call it after moving the clock): events of
   * commands whose instance died are published, designers'
   * deadlines expire and extensions are offered, absent staff leave the queues and lose their holds
   * after the grace period, work handed out but not confirmed is sent again (or handed back); both
   * queues match.
   */
  sweep(): Promise<void>;
}

export function createOrderWork(flow: OrderFlowDeps, presence: PresenceRules): OrderWork {
  const designers = createWorkQueue(designerQueuePolicy, flow, presence);
  const moderators = createWorkQueue(moderatorQueuePolicy, flow, presence);
  const queues: Record<DispatchQueueName, WorkQueue> = { executor: designers, review: moderators };
  return {
    flow,
    designers,
    moderators,
    async matchEntered(events) {
      for (const queue of queuesOf(events).entered) await queues[queue].match();
    },
    async sweep() {
      await publishAbandoned(flow);
      await designers.releaseLapsed();
      await offerExtensions(flow);
      await designers.redeliver();
      await designers.match();
      await moderators.redeliver();
      await moderators.sweep();
    },
  };
}

/** The queue an order in this condition waits in, if any. */
function queueOf(condition: number | null): DispatchQueueName | undefined {
  if (condition === null) return undefined;
  if (isInGroup('waitingForDesigner', condition)) return 'executor';
  if (isInGroup('inReview', condition)) return 'review';
  return undefined;
}

/** The queues the events changed (an order left or joined them), and those an order joined. */
export function queuesOf(events: readonly OrderEvent[]) {
  const touched = new Set<DispatchQueueName>();
  const entered = new Set<DispatchQueueName>();
  const note = (queue: DispatchQueueName | undefined, joined: boolean) => {
    if (!queue) return;
    touched.add(queue);
    if (joined) entered.add(queue);
  };
  for (const event of events) {
    if (event.kind === 'conditionChanged') {
      note(queueOf(event.from), false);
      note(queueOf(event.to), true);
    } else if (event.kind === 'queueChanged') {
      note(event.queue, event.entered);
    }
  }
  return { touched, entered };
}
