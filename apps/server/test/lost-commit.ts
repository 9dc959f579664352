import type { Database } from '../src/db/client';
import type { OrderEventPort } from '../src/modules/order-flow/order-events';

const lostConnection = () => new Error('Connection terminated unexpectedly');

/**
 * The database as a service sees it when the connection drops while a transaction commits: each
 * transaction runs its work, then reports the lost connection. `commits` says whether the COMMIT went
 * through first (else the work is rolled back); `reachable` whether selects after it still work.
 */
export function databaseLosingCommit(
  db: Database,
  { commits, reachable }: { commits: boolean; reachable: boolean },
): Database {
  let ended = false;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return async (work: Parameters<Database['transaction']>[0]) => {
          if (commits) await target.transaction(work);
          else
            await target
              .transaction(async (tx) => {
                await work(tx);
                tx.rollback();
              })
              .catch(() => undefined);
          ended = true;
          throw lostConnection();
        };
      }
      if (property === 'select' && ended && !reachable)
        return () => {
          throw lostConnection();
        };
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Realtime events going nowhere, for services called directly. */
export const quietEvents: OrderEventPort = { publish: () => undefined };
