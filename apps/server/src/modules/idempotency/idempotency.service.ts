import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS, IdempotencyText } from '@retouch/shared/http';
import type { Database, Transaction } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import {
  deleteIdempotentRequestsBefore,
  findIdempotentRequest,
  insertIdempotentRequest,
  setIdempotentAnswer,
  type IdempotentRequest,
} from './idempotency.repository';

export type { IdempotentRequest } from './idempotency.repository';

/** The sends a key is kept for; a key belongs to one user within one of them. */
export const IdempotentScope = {
  orderCreate: 'orders.create',
  tip: 'orders.tip',
  revision: 'orders.revision',
  buy: 'products.buy',
} as const;
export type IdempotentScopeValue = (typeof IdempotentScope)[keyof typeof IdempotentScope];

export interface IdempotencyDeps {
  db: Database;
  now: () => Date;
}

/** What the route sends; `replayed` when it is the answer of an earlier send with the same key. */
export interface IdempotentAnswer {
  statusCode: number;
  body: unknown;
  replayed: boolean;
}

/**
 * Runs a command's work inside its transaction as the key's one run, and answers what the work
 * answered: the route's body. A command takes one and calls it first thing in its transaction.
 */
export type RunOnce = <T>(tx: Transaction, work: () => Promise<T>) => Promise<T>;

/** A send without a key: its work just runs. */
export const runDirectly: RunOnce = (_tx, work) => work();

/** Thrown inside a transaction whose key another send committed first: it rolls the work back. */
class KeyTaken extends Error {}

/** JSON with every object's keys sorted, so that a fingerprint does not hang on their order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_name, part: unknown) =>
    part && typeof part === 'object' && !Array.isArray(part)
      ? Object.fromEntries(Object.entries(part).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : part,
  );
}

/** The send as its key's record (`what`: its target and payload); none without a key. */
export function idempotentRequest(
  userId: string,
  scope: IdempotentScopeValue,
  key: string | undefined,
  what: unknown,
): IdempotentRequest | undefined {
  if (key === undefined) return undefined;
  const fingerprint = createHash('sha256').update(canonicalJson(what)).digest('hex');
  return { userId, scope, key, fingerprint };
}

/** The answer kept for this key, if a send with it committed; 422 when that send asked something else. */
export async function findAnswer(
  db: Database,
  request: IdempotentRequest | undefined,
): Promise<IdempotentAnswer | undefined> {
  if (!request) return undefined;
  const stored = await findIdempotentRequest(db, request);
  if (!stored) return undefined;
  if (stored.fingerprint !== request.fingerprint) throw new AppError(422, IdempotencyText.keyReused);
  return { statusCode: stored.statusCode, body: stored.response, replayed: true };
}

function claimingRun(deps: IdempotencyDeps, request: IdempotentRequest, statusCode: number): RunOnce {
  return async (tx, work) => {
    try {
      await insertIdempotentRequest(tx, request, deps.now());
    } catch (error) {
      if (isUniqueViolation(error)) throw new KeyTaken();
      throw error;
    }
    const body = await work();
    await setIdempotentAnswer(tx, request, { statusCode, body });
    return body;
  };
}

/**
 * Runs a send once per key. `run` passes the `RunOnce` it gets to the command, which claims the key
 * first in its transaction and stores the answer last, so the answer is kept if and only if the work
 * commits: a failed send keeps nothing and its retry runs again. A send racing one with the same key
 * waits on the key's row until the first ends; if that one committed, its own transaction fails on
 * the key before doing anything, rolls back, and the first's answer is given instead.
 */
export async function runOnce(
  deps: IdempotencyDeps,
  request: IdempotentRequest | undefined,
  statusCode: number,
  run: (once: RunOnce) => Promise<unknown>,
): Promise<IdempotentAnswer> {
  if (!request) return { statusCode, body: await run(runDirectly), replayed: false };
  try {
    return { statusCode, body: await run(claimingRun(deps, request, statusCode)), replayed: false };
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    const first = await findAnswer(deps.db, request);
    // Its row was there a moment ago: only the clean-up of old keys can have taken it since.
    if (!first) throw AppError.conflict(IdempotencyText.inProgress);
    return first;
  }
}

/** `runOnce` after a look for the answer already kept (the usual retry), before any work. */
export async function answerOnce(
  deps: IdempotencyDeps,
  request: IdempotentRequest | undefined,
  statusCode: number,
  run: (once: RunOnce) => Promise<unknown>,
): Promise<IdempotentAnswer> {
  return (await findAnswer(deps.db, request)) ?? runOnce(deps, request, statusCode, run);
}

/** Forgets the keys older than IDEMPOTENCY_KEY_TTL_HOURS (a periodic job); answers how many. */
export function removeOldIdempotentRequests(db: Database, now: Date): Promise<number> {
  return deleteIdempotentRequestsBefore(db, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000));
}
