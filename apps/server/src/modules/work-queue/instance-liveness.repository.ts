import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The first key of the instances' liveness locks (the second is the instance's own key). */
export const LIVENESS_SPACE = 727_100;

/**
 * The instance whose key is in `column` lives: it holds its liveness lock, which PostgreSQL lets go
 * the moment the process or its connection dies (docs/decisions/0046). Locks are per database.
 */
export function instanceAlive(column: AnyPgColumn): SQL {
  return sql`${column} in (select l.objid::integer from pg_locks l where l.locktype = 'advisory' and l.granted and l.classid = ${LIVENESS_SPACE}::integer::oid and l.objsubid = 2 and l.database = (select d.oid from pg_database d where d.datname = current_database()))`;
}
