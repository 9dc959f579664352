import type { OrderFlowDeps } from '../order-flow/order-transition';
import { designerQueuePolicy, offerExtensions } from './designer-queue';
import { moderatorQueuePolicy } from './moderator-queue';
import { createWorkQueue, type WorkQueue } from './work-queue.service';

/** The lifecycle's running parts: the commands' deps and the two work queues over them. */
export interface OrderWork {
  flow: OrderFlowDeps;
  designers: WorkQueue;
  moderators: WorkQueue;
  /**
   * One pass of the sweeper every instance runs (tests call it after moving the clock): designers'
   * deadlines expire and extensions are offered, absent moderators' reviews go back; both queues match.
   */
  sweep(): Promise<void>;
}

export function createOrderWork(flow: OrderFlowDeps): OrderWork {
  const designers = createWorkQueue(designerQueuePolicy, flow);
  const moderators = createWorkQueue(moderatorQueuePolicy, flow);
  return {
    flow,
    designers,
    moderators,
    async sweep() {
      await designers.releaseLapsed();
      await offerExtensions(flow);
      await designers.match();
      await moderators.sweep();
    },
  };
}
