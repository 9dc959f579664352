// Orders made in SQL with generate_series, with every row the customer's history joins: persons, their
// entries (with degrees), the designer's and moderator's processing steps, refusal reasons. Ids are
// computed from the series number, so each table is filled by its own statement without reading the
// others; they are ascending, which keeps the primary keys' B-trees append-only while loading.
import { eq, sql } from 'drizzle-orm';
import { OrderCondition } from '@retouch/shared/orders';
import { RoleTitle } from '@retouch/shared/permissions';
import type { Database, Executor } from '../apps/server/src/db/client';
import { degrees, refusalReasons, roles, services, users } from '../apps/server/src/db/schema/index';
import {
  allPersonsViews,
  recordAllPersonsViews,
} from '../apps/server/src/modules/orders/order-history.repository';
import { DEMO_EMAILS } from '../apps/server/src/seed';

/** The seeded rows the generated orders point at. */
export interface FixtureRefs {
  customerRoleId: string;
  designerId: string;
  moderatorId: string;
  serviceIds: string[];
  degreeIds: string[];
  reasonIds: string[];
}

export async function loadFixtureRefs(db: Executor): Promise<FixtureRefs> {
  const userId = async (email: string) => {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`${email} was not seeded`);
    return row.id;
  };
  const [customerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.title, RoleTitle.user));
  const serviceIds = (await db.select({ id: services.id }).from(services)).map((row) => row.id);
  const degreeIds = (await db.select({ id: degrees.id }).from(degrees)).map((row) => row.id);
  const reasonIds = (await db.select({ id: refusalReasons.id }).from(refusalReasons)).map((row) => row.id);
  if (!customerRole || !serviceIds.length || !degreeIds.length || !reasonIds.length) {
    throw new Error('the demo catalogue was not seeded');
  }
  return {
    customerRoleId: customerRole.id,
    designerId: await userId(DEMO_EMAILS.designer),
    moderatorId: await userId(DEMO_EMAILS.moderator),
    serviceIds,
    degreeIds,
    reasonIds,
  };
}

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The id of row g of a generated table: a UUID whose last 12 digits are g in hex. */
const idOf = (table: number, g = sql.raw('g')) =>
  sql`('00000000-0000-4000-${sql.raw(String(8000 + table))}-' || lpad(to_hex(${g}), 12, '0'))::uuid`;
const GeneratedTable = { order: 1, person: 2, secondPerson: 3, item: 4, secondItem: 5, step: 6 } as const;

/** Customers bench-customer-0..count - 1 (those already there are kept). */
export async function insertCustomers(db: Executor, refs: FixtureRefs, count: number) {
  await db.execute(sql`
    insert into users (id, email, give_name, family_name, role_id, email_confirmed_at)
    select md5('bench-customer-' || k)::uuid, 'bench-customer-' || k || '@example.com', 'Bench', k::text,
           ${refs.customerRoleId}::uuid, now()
    from generate_series(0, ${count - 1}::int) k
    on conflict (id) do nothing`);
}

export interface GeneratedOrders {
  /** Orders numbered 1..count. */
  count: number;
  /** Every customerEvery-th order belongs to this customer (spread over the year and the table)... */
  customerId: string;
  customerEvery: number;
  /** ...the others to bench-customer-(n % otherCustomers), who must exist (insertCustomers). */
  otherCustomers: number;
}

// Of every 20 orders: one waits (new), one was refused with a reason, the others are done.
const conditionOf = sql.raw(
  `case g % 20 when 1 then ${OrderCondition.new} when 2 then ${OrderCondition.refused} else ${OrderCondition.done} end`,
);
// Spread over the last year in an order unrelated to the series number.
const createdAtOf = sql`now() - ((g::bigint * 2654435761) % 31536000) * interval '1 second'`;

/** Inserts the orders and everything their history shows, with their persons as the history presents them. */
export async function insertOrders(db: Executor, refs: FixtureRefs, spec: GeneratedOrders) {
  await insertOrderRows(db, refs, spec, { personsFirst: false });
  await recordAllPersonsViews(db);
}

/**
 * The orders' rows, persons, items and steps. With `personsFirst` (foreign keys off, in a bulk load) the
 * persons and items go in first and each order is written with its persons view; else the orders go in
 * first and the views are for the caller to write.
 */
async function insertOrderRows(
  db: Executor,
  refs: FixtureRefs,
  spec: GeneratedOrders,
  { personsFirst }: { personsFirst: boolean },
) {
  const series = sql`generate_series(1, ${spec.count}::int) g`;
  const ownerOf = sql`case when g % ${spec.customerEvery} = 0 then ${spec.customerId}::uuid
                      else md5('bench-customer-' || (g % ${spec.otherCustomers}))::uuid end`;
  const serviceIds = uuidArray(refs.serviceIds);
  const degreeIds = uuidArray(refs.degreeIds);
  const reasonIds = uuidArray(refs.reasonIds);
  const order = idOf(GeneratedTable.order);
  const writeOrders = (withViews: boolean) =>
    db.execute(sql`
    insert into orders (id, user_id, condition, cost, charged_main, charged_bonus, cost_for_executor,
                        execution_time, message, original, original_thumb, draft, final_picture,
                        refuse_reason_id, queued_at, created_at, persons_view)
    select ${order}, ${ownerOf}, ${conditionOf}, 7, 5, 2, 3, 30,
           case when g % 3 = 0 then 'Please keep the background' else '' end,
           '/api/files/orders/' || g || '/original.jpg', '/api/files/orders/' || g || '/thumb.webp',
           '/api/files/orders/' || g || '/draft.png',
           case when g % 20 > 2 then '/api/files/orders/' || g || '/final.jpg' end,
           case when g % 20 = 2 then (${reasonIds})[1 + g % ${refs.reasonIds.length}] end,
           ${createdAtOf}, ${createdAtOf}, ${withViews ? sql`coalesce(views.list, '[]')` : sql`'[]'`}
    from ${series}
    ${withViews ? sql`left join (${allPersonsViews}) views on views.order_id = ${order}` : sql``}`);
  if (!personsFirst) await writeOrders(false);
  // Every order has the whole photo; one in four also a person marked on it.
  await db.execute(sql`
    insert into order_persons (id, order_id, name, position)
    select ${idOf(GeneratedTable.person)}, ${order}, 'photo', 0 from ${series}
    union all
    select ${idOf(GeneratedTable.secondPerson)}, ${order}, 'Person 1', 1 from ${series} where g % 4 = 0`);
  await db.execute(sql`
    insert into order_items (id, person_id, service_id, degree_ids, cost, designer_price, execution_time, position)
    select ${idOf(GeneratedTable.item)}, ${idOf(GeneratedTable.person)},
           (${serviceIds})[1 + g % ${refs.serviceIds.length}],
           case when g % 3 = 0 then array[(${degreeIds})[1 + g % ${refs.degreeIds.length}]] else '{}' end,
           5, 2, 20, 0
    from ${series}
    union all
    select ${idOf(GeneratedTable.secondItem)}, ${idOf(GeneratedTable.secondPerson)},
           (${serviceIds})[1 + (g / 4) % ${refs.serviceIds.length}], '{}', 2, 1, 10, 0
    from ${series} where g % 4 = 0`);
  if (personsFirst) await writeOrders(true);
  // The designer's attempt and the moderator's review of every order that left the queue.
  await db.execute(sql`
    insert into order_processing (id, order_id, kind, executor_id, date_start, date_end, deadline_at,
                                  result_status, result_picture, result_reason_id, reviewer_id,
                                  review_date_start, review_date_end, review_status, executor_pay, created_at)
    select ${idOf(GeneratedTable.step)}, ${order}, 'executor', ${refs.designerId}::uuid,
           ${createdAtOf} + interval '5 minutes', ${createdAtOf} + interval '25 minutes',
           ${createdAtOf} + interval '35 minutes',
           case when g % 20 = 2 then 0 else 1 end,
           case when g % 20 > 2 then '/api/files/orders/' || g || '/result.jpg' end,
           case when g % 20 = 2 then (${reasonIds})[1 + g % ${refs.reasonIds.length}] end,
           ${refs.moderatorId}::uuid, ${createdAtOf} + interval '26 minutes',
           ${createdAtOf} + interval '30 minutes', 1, case when g % 20 > 2 then 3 end,
           ${createdAtOf} + interval '5 minutes'
    from ${series} where g % 20 <> 1`);
}

const ORDER_TABLES = ['orders', 'order_persons', 'order_items', 'order_processing'];

/**
 * Empties the order tables and loads the orders as a bulk load does: in one transaction, foreign-key
 * triggers off (the rows are consistent by construction, and each order is written after its persons,
 * with their view), the secondary indexes dropped before and
 * built again after, which makes a million orders several times faster than row-by-row maintenance.
 */
export async function bulkLoadOrders(db: Database, refs: FixtureRefs, spec: GeneratedOrders) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql.raw(`truncate ${ORDER_TABLES.join(', ')} cascade`));
    const found = await tx.execute(sql`
      select c.relname as name, pg_get_indexdef(x.indexrelid) as definition
      from pg_index x join pg_class c on c.oid = x.indexrelid
      where x.indrelid = any(${`{${ORDER_TABLES.join(',')}}`}::regclass[])
        and not x.indisprimary and not x.indisunique`);
    const indexes = (found as unknown as { rows: Array<{ name: string; definition: string }> }).rows;
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
    await insertOrderRows(tx, refs, spec, { personsFirst: true });
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  });
}
