import PQueue from 'p-queue';

/**
 * Runs the tasks given to it one after another, in the order given: a socket's events are handled in the
 * order they arrived, so a search and its stop sent at once never swap (the stop ran first and left the
 * person searching while the search was still checking their permissions).
 */
export function inArrivalOrder(): <T>(task: () => Promise<T>) => Promise<T> {
  const queue = new PQueue({ concurrency: 1 });
  return (task) => queue.add(task);
}
