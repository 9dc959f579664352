import type { FastifyInstance } from 'fastify';
import type { StaffOrder } from '@retouch/shared/dispatch';
import {
  SEARCH_DELAYED_MESSAGE,
  SEARCH_UNAVAILABLE_STATUS,
  SocketEvent,
  type SocketError,
} from '@retouch/shared/realtime';
import { AdminServerText } from '@retouch/shared/texts';
import { isDatabaseUnavailable } from '../db/errors';
import type { DispatchQueueName } from '../db/values';
import type { WorkQueue } from '../modules/work-queue/work-queue.service';
import type { RealtimeSocket } from './realtime';

/** How soon a search the database could not record is tried again, at first; then less often. */
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 5000;

/** The event that hands a queue's work to its staff: on it, the socket's search has done its job. */
const ASSIGNMENT_EVENT = {
  executor: SocketEvent.orderForExecutor,
  review: SocketEvent.orderForReview,
} as const;

/** What the order work (plugins/order-work.ts) gives the designers' and moderators' socket handlers. */
export interface WorkChannels {
  /** Hands work to the staff member's sockets until their client confirms it (decision 46). */
  deliver(staffId: string, queue: DispatchQueueName, order: StaffOrder): void;
  /** These searches are made again when this instance regains its liveness lock. */
  keep(searches: { restore(): Promise<void> }): void;
}

/**
 * The `errors` answer to a search that failed: 503 with its message when the database is out of reach
 * (the search is kept and made again), else 500 (logged).
 */
export function searchFailure(app: FastifyInstance, error: unknown): SocketError {
  if (isDatabaseUnavailable(error))
    return { status: SEARCH_UNAVAILABLE_STATUS, message: SEARCH_DELAYED_MESSAGE };
  app.log.error({ err: error }, 'search failed');
  return { status: 500, message: AdminServerText.internalError };
}

export interface Searches<Answer> {
  /**
   * The socket asks for work: the search is kept here until it ends, and made (again) now and whenever
   * its row went missing, until an answer says it ended (refused, or the user holds work). Answers the
   * first try, whose error is the caller's to tell; the search is kept and retried when that error is
   * the database being out of reach.
   */
  start(socket: RealtimeSocket): Promise<Answer>;
  /**
   * The socket stops searching, and `leave` takes the search out of the queue: retried until it
   * could, unless the user searches again meanwhile. Its first error is the caller's.
   */
  stop(socket: RealtimeSocket, leave: () => Promise<unknown>): Promise<void>;
  /**
   * The socket closed: unless another socket of the user here still searches, `leave` takes their
   * search through this instance out of the queue, retried as `stop`'s is.
   */
  closed(socket: RealtimeSocket, leave: () => Promise<unknown>): Promise<void>;
  /**
   * Makes again the searches whose row is missing: run when this instance's liveness lock came back
   * (another instance may have dropped its rows meanwhile), and on a timer after a failed try.
   */
  restore(): Promise<void>;
}

/**
 * The searches this instance's sockets asked for, per queue (docs/decisions/0046). A search is the
 * staff member's wish while their socket stays: the database row only records it. A search sent while
 * the database is out of reach, or a row lost to an outage (dropped while this instance's liveness lock
 * was away), is made again here, keeping its place (its first moment), without the client asking.
 */
export function createSearches<Answer>(
  app: FastifyInstance,
  queue: DispatchQueueName,
  work: WorkQueue,
  search: {
    /** Makes the search through this instance (checks, join); `since` places it in the queue. */
    make(userId: string, since: Date): Promise<Answer>;
    /** The answer leaves the user searching (rather than refused, or holding work). */
    searching(answer: Answer): boolean;
  },
): Searches<Answer> {
  /** Searching sockets: their user and when they first asked. */
  const searching = new Map<string, { socket: RealtimeSocket; since: Date }>();
  /** Searches that ended here but whose row could not be removed yet, by user. */
  const leaving = new Map<string, () => Promise<unknown>>();
  /** Sockets whose assignments are watched (once each). */
  const watched = new WeakSet<RealtimeSocket>();
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let restoring: Promise<void> | undefined;

  function forget(socket: RealtimeSocket) {
    searching.delete(socket.id);
  }

  /** The earliest search of each user here. */
  function searchesByUser() {
    const users = new Map<string, Date>();
    for (const { socket, since } of searching.values()) {
      const earlier = users.get(socket.data.userId);
      if (!earlier || since < earlier) users.set(socket.data.userId, since);
    }
    return users;
  }

  function endSearchesOf(userId: string) {
    for (const [id, entry] of searching) if (entry.socket.data.userId === userId) searching.delete(id);
  }

  async function restoreNow(): Promise<void> {
    const users = searchesByUser();
    for (const [userId, leave] of leaving) {
      if (!users.has(userId)) await leave();
      leaving.delete(userId);
    }
    if (users.size === 0) return;
    const recorded = new Set(await work.waitingHere([...users.keys()]));
    for (const [userId, since] of users) {
      if (recorded.has(userId)) continue;
      if (!search.searching(await search.make(userId, since))) endSearchesOf(userId);
    }
  }

  function restore(): Promise<void> {
    restoring ??= restoreNow()
      .then(() => {
        retryMs = FIRST_RETRY_MS;
      })
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) app.log.error({ err: error }, 'searches not restored');
        retryLater();
      })
      .finally(() => {
        restoring = undefined;
      });
    return restoring;
  }

  /** Takes the search out of the queue; kept and retried while the database is out of reach. */
  async function leaveOrRetry(userId: string, leave: () => Promise<unknown>) {
    try {
      await leave();
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        leaving.set(userId, leave);
        retryLater();
      }
      throw error;
    }
  }

  function retryLater() {
    if (retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void restore();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  }
  app.addHook('onClose', async () => {
    if (retryTimer) clearTimeout(retryTimer);
    searching.clear();
  });

  return {
    async start(socket) {
      const entry = searching.get(socket.id) ?? { socket, since: app.clock.now() };
      searching.set(socket.id, entry);
      leaving.delete(socket.data.userId);
      if (!watched.has(socket)) {
        watched.add(socket);
        // Work handed to this socket ends its search (it searches again by asking again).
        socket.onAnyOutgoing((event) => {
          if (event === ASSIGNMENT_EVENT[queue]) forget(socket);
        });
      }
      try {
        const answer = await search.make(socket.data.userId, entry.since);
        if (!search.searching(answer)) forget(socket);
        return answer;
      } catch (error) {
        if (isDatabaseUnavailable(error)) retryLater();
        else forget(socket);
        throw error;
      }
    },
    async stop(socket, leave) {
      forget(socket);
      await leaveOrRetry(socket.data.userId, leave);
    },
    async closed(socket, leave) {
      forget(socket);
      const { userId } = socket.data;
      if (![...searching.values()].some((entry) => entry.socket.data.userId === userId)) {
        await leaveOrRetry(userId, leave);
      }
    },
    restore,
  };
}
