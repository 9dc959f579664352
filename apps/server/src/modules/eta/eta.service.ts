import {
  estimateQueue,
  learnRates,
  type EtaAnswer,
  type EtaOrder,
  type EtaRates,
  type QueueState,
} from '@retouch/shared/eta';
import type { Database } from '../../db/client';
import {
  countDesignersOnShift,
  heldOrders,
  ordersInReview,
  recentHandlingSamples,
  recentReviewMinutes,
  waitingOrders,
} from './eta.repository';

export interface EtaDeps {
  db: Database;
  now: () => Date;
}

/** Rates move slowly: learned again at most this often. */
const RATES_TTL_MS = 60_000;
/** The queue is read again at most this often: an estimate is not worth a query per request. */
const QUEUE_TTL_MS = 2000;

interface Cached<T> {
  at: number;
  value: Promise<T>;
}
const ratesCache = new WeakMap<Database, Cached<EtaRates>>();
const queueCache = new WeakMap<Database, Cached<QueueState>>();

function cached<T>(cache: WeakMap<Database, Cached<T>>, db: Database, ttlMs: number, load: () => Promise<T>) {
  const now = Date.now();
  const hit = cache.get(db);
  if (hit && now - hit.at < ttlMs) return hit.value;
  const value = load();
  cache.set(db, { at: now, value });
  value.catch(() => cache.delete(db));
  return value;
}

function queueState(deps: EtaDeps, fresh = false): Promise<QueueState> {
  if (fresh) queueCache.delete(deps.db);
  return cached(queueCache, deps.db, QUEUE_TTL_MS, async () => {
    const rates = await cached(ratesCache, deps.db, RATES_TTL_MS, async () =>
      learnRates(await recentHandlingSamples(deps.db), await recentReviewMinutes(deps.db)),
    );
    return {
      now: deps.now(),
      rates,
      waiting: await waitingOrders(deps.db),
      held: await heldOrders(deps.db),
      inReview: await ordersInReview(deps.db),
      designersOnShift: await countDesignersOnShift(deps.db),
    };
  });
}

const knows = (state: QueueState, orderId: string) =>
  [state.waiting, state.held, state.inReview].some((list) => list.some((order) => order.id === orderId));

/**
 * When the result of each of these unfinished orders is expected; none for an order nobody can take
 * yet (no designer on shift). The queue read a moment ago is read again if it misses one of them.
 */
export async function estimateOrders(deps: EtaDeps, orderIds: readonly string[]): Promise<Map<string, Date>> {
  if (orderIds.length === 0) return new Map();
  let state = await queueState(deps);
  if (!orderIds.every((orderId) => knows(state, orderId))) state = await queueState(deps, true);
  return estimateQueue({ ...state, now: deps.now() });
}

/** When the result of an order sent now would come: behind every order waiting. */
export async function estimateNewOrder(
  deps: EtaDeps,
  query: { services: readonly string[]; minutes: number },
): Promise<EtaAnswer> {
  const state = await queueState(deps);
  const share = query.services.length > 0 ? query.minutes / query.services.length : 0;
  const order: EtaOrder = {
    id: 'new',
    plannedMinutes: query.minutes,
    services: query.services.map((serviceId) => ({ serviceId, minutes: share })),
  };
  const etas = estimateQueue({ ...state, now: deps.now(), waiting: [...state.waiting, order] });
  return { eta: etas.get('new')?.toISOString() ?? null };
}
