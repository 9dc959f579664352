import { asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { orderOutbox } from '../../db/schema/index';
import type { OrderEvent } from './order-events';

/**
 * Events still in the outbox this long after their command committed are taken to be abandoned: the
 * instance that ran it died (or stalled) between the commit and the publish.
 */
const ABANDONED_AFTER_SECONDS = 5;
/** Abandoned records one sweep publishes at most; the next sweep goes on. */
const DRAIN_BATCH = 100;

/** Writes the command's events in its own transaction: they exist if and only if it committed. */
export async function recordEvents(tx: Transaction, events: readonly OrderEvent[]): Promise<number> {
  const [row] = await tx
    .insert(orderOutbox)
    .values({ events: [...events] })
    .returning({ id: orderOutbox.id });
  return row!.id;
}

/**
 * Takes the record to publish it: whoever deletes it (the command's instance, or a sweeper that found it
 * abandoned) publishes it, so it goes out once.
 */
export async function takeRecord(db: Database, id: number): Promise<OrderEvent[] | undefined> {
  const [row] = await db.delete(orderOutbox).where(eq(orderOutbox.id, id)).returning();
  return row?.events as OrderEvent[] | undefined;
}

/** Takes the abandoned records, oldest first; ones another sweeper is taking are skipped. */
export async function takeAbandoned(db: Database): Promise<OrderEvent[][]> {
  const rows = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orderOutbox.id })
      .from(orderOutbox)
      .where(lt(orderOutbox.createdAt, sql`now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`))
      .orderBy(asc(orderOutbox.id))
      .limit(DRAIN_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .delete(orderOutbox)
      .where(
        inArray(
          orderOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
  return rows.sort((a, b) => a.id - b.id).map((row) => row.events as OrderEvent[]);
}
