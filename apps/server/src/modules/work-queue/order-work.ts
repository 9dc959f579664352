import { publishAbandoned, type OrderFlowDeps } from '../order-flow/order-transition';
import { designerQueuePolicy, offerExtensions } from './designer-queue';
import { moderatorQueuePolicy } from './moderator-queue';
import { createWorkQueue, type PresenceRules, type WorkQueue } from './work-queue.service';

/** The lifecycle's running parts: the commands' deps and the two work queues over them. */
export interface OrderWork {
  flow: OrderFlowDeps;
  designers: WorkQueue;
  moderators: WorkQueue;
  /**
   * One pass of the sweeper every instance runs (tests call it after moving the clock): events of
   * commands whose instance died are published, designers'
   * deadlines expire and extensions are offered, absent staff leave the queues and lose their holds
   * after the grace period; both queues match.
   */
  sweep(): Promise<void>;
}

export function createOrderWork(flow: OrderFlowDeps, presence: PresenceRules): OrderWork {
  const designers = createWorkQueue(designerQueuePolicy, flow, presence);
  const moderators = createWorkQueue(moderatorQueuePolicy, flow, presence);
  return {
    flow,
    designers,
    moderators,
    async sweep() {
      await publishAbandoned(flow);
      await designers.releaseLapsed();
      await offerExtensions(flow);
      await designers.match();
      await moderators.sweep();
    },
  };
}
