import { and, eq, lt } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { idempotentRequests } from '../../db/schema/index';

/** One user's send of one operation under an Idempotency-Key, and a hash of what it asked. */
export interface IdempotentRequest {
  userId: string;
  scope: string;
  key: string;
  fingerprint: string;
}

const rowOf = (request: IdempotentRequest) =>
  and(
    eq(idempotentRequests.userId, request.userId),
    eq(idempotentRequests.scope, request.scope),
    eq(idempotentRequests.key, request.key),
  );

export async function findIdempotentRequest(db: Executor, request: IdempotentRequest) {
  const [row] = await db
    .select({
      fingerprint: idempotentRequests.fingerprint,
      statusCode: idempotentRequests.statusCode,
      response: idempotentRequests.response,
    })
    .from(idempotentRequests)
    .where(rowOf(request));
  return row;
}

/**
 * Writes the key's row, its answer to follow in the same transaction (no one sees it before the commit).
 * Another transaction inserting the same key waits here until this one ends, then fails on the key.
 */
export async function insertIdempotentRequest(
  tx: Transaction,
  request: IdempotentRequest,
  createdAt: Date,
): Promise<void> {
  await tx.insert(idempotentRequests).values({ ...request, statusCode: 0, response: {}, createdAt });
}

export async function setIdempotentAnswer(
  tx: Transaction,
  request: IdempotentRequest,
  answer: { statusCode: number; body: unknown },
): Promise<void> {
  await tx
    .update(idempotentRequests)
    .set({ statusCode: answer.statusCode, response: answer.body })
    .where(rowOf(request));
}

/** Deletes the keys written before `before`; answers how many. */
export async function deleteIdempotentRequestsBefore(db: Executor, before: Date): Promise<number> {
  const deleted = await db
    .delete(idempotentRequests)
    .where(lt(idempotentRequests.createdAt, before))
    .returning({ key: idempotentRequests.key });
  return deleted.length;
}
