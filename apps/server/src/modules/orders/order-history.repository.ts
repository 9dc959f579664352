import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { ConditionGroup } from '@retouch/shared/order-flow';
import { ORDER_PAGE_SIZES, type HistoryOrder } from '@retouch/shared/orders';
import type { Database, Executor } from '../../db/client';

// The whole answer is built by PostgreSQL in one statement: the page of orders with their persons as
// recorded (persons_view), then the steps of those orders, read once for the whole page and aggregated
// per order as JSON (json_build_object keeps the keys in the order written, as the answer has them). A page costs
// one round trip and no work per row here; `eta` is left null for the service to fill.

/** A timestamp as Date.toISOString writes it (UTC, milliseconds; the microseconds cut, not rounded). */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * A picture, or null once the retention job (or the account's deletion) removed the order's files: the
 * rule of orderPictureFields (order-history.ts), which the staff's views apply to their rows.
 */
const kept = (column: string) => sql.raw(`case when page.pictures_expired_at is null then ${column} end`);

// The persons of an order with their entries and degrees, as the history presents them: a JSON list kept
// in `orders.persons_view`. Reading it from the catalogue on every page cost half the page's statement
// (issue 20); it changes only with the persons and items, which recordPersonsView follows, so the
// history shows the services as they were ordered (docs/decisions/0033-history-persons-as-ordered.md).

/** An entry of `item` (with its `service` and `opt`) as the history presents it; an option names its service. */
const entryObject = sql`json_build_object(
    '_id', coalesce(item.option_id, item.service_id),
    'ref', coalesce(item.option_id, item.service_id),
    'serviceId', item.service_id,
    'isOptional', item.option_id is not null,
    'title', json_build_object('user', coalesce(opt.title_user, service.title_user)),
    'description', json_build_object('user', coalesce(opt.description_user, service.description_user)),
    'picture', coalesce(opt.picture_thumb, service.picture_thumb),
    'degreeAction', coalesce((select json_agg(json_build_object(
        '_id', chosen.id,
        'title', json_build_object('user', coalesce(
          (select degree.title_user from degrees degree where degree.id = chosen.id), ''))
      ) order by chosen.n)
      from unnest(item.degree_ids) with ordinality as chosen(id, n)), '[]'),
    'cost', item.cost,
    'active', item.active,
    'edited', item.edited
  )`;
const entriesOrder = sql`item.position, item.id`;
const itemsWithCatalog = sql`order_items item
  join services service on service.id = item.service_id
  left join service_options opt on opt.id = item.option_id`;

/** A `person` with the list of its entries, and the copy of the person profile applied to it if any (issue 23). */
const personObject = (entries: SQL) =>
  sql`case when person.profile is null
    then json_build_object('id', person.name, 'orders', coalesce(${entries}, '[]'))
    else json_build_object('id', person.name, 'orders', coalesce(${entries}, '[]'), 'profile', person.profile)
  end`;
const personsOrder = sql`person.position, person.id`;

/** Writes the order's `persons_view` from its persons and items: after any write to them, in its transaction. */
export async function recordPersonsView(tx: Executor, orderId: string): Promise<void> {
  const entries = sql`(select json_agg(${entryObject} order by ${entriesOrder})
    from ${itemsWithCatalog} where item.person_id = person.id)`;
  await tx.execute(sql`update orders set persons_view = coalesce((
      select json_agg(${personObject(entries)} order by ${personsOrder})
      from order_persons person where person.order_id = orders.id
    ), '[]')
    where id = ${orderId}`);
}

/**
 * The persons view of every order that has persons, as rows (order_id, list): each table read once and
 * aggregated per person and per order, for a bulk load.
 */
export const allPersonsViews = sql`select person.order_id, json_agg(
    ${personObject(sql`entries.list`)} order by ${personsOrder}) as list
  from order_persons person left join (
    select item.person_id, json_agg(${entryObject} order by ${entriesOrder}) as list
    from ${itemsWithCatalog}
    group by item.person_id
  ) entries on entries.person_id = person.id
  group by person.order_id`;

/** recordPersonsView for every order at once (migration 0013 wrote the older orders with this statement). */
export async function recordAllPersonsViews(tx: Executor): Promise<void> {
  await tx.execute(sql`update orders set persons_view = persons.list
    from (${allPersonsViews}) persons where persons.order_id = orders.id`);
}

/** A designer's attempt of `step` as the customer sees it. */
const attemptObject = sql`json_build_object('executor', json_build_object(
    'dateStart', ${iso('step.date_start')},
    'dateEnd', ${iso('step.date_end')},
    'timeExtension', step.time_extension,
    'result', json_build_object('status', step.result_status)
  ))`;

/**
 * The CTE after `page`: the page's steps, as a JSON list per order (a revision's message before the
 * attempt it started in the same transaction, as staff see them: order-details.repository.ts), and the
 * running attempt, `current`: the last one without an end (the rule of order-staff-view.ts).
 */
const detailsOfPage = sql`steps as (
  select step.order_id, json_agg(case when step.kind = 'client'
    then json_build_object('client', json_build_object('message', coalesce(step.client_message, '')))
    else ${attemptObject} end
  order by step.created_at, step.kind <> 'client', step.id) as list,
  (array_agg(${attemptObject} order by step.created_at desc, step.id desc)
    filter (where step.kind = 'executor' and step.date_end is null))[1] as current
  from order_processing step where step.order_id in (select id from page)
  group by step.order_id
)`;

/** An order of `page` as the answer presents it. */
const orderDocument = sql`json_build_object(
  '_id', page.id,
  'condition', page.condition,
  'createdAt', ${iso('page.created_at')},
  'cost', page.cost,
  'tip', page.tip,
  'executionTime', page.execution_time,
  'dateStart', ${iso('page.date_start')},
  'eta', null,
  'message', page.message,
  'pictures', json_build_object(
    'original', ${kept('page.original')},
    'thumbnail', ${kept('page.original_thumb')},
    'draft', ${kept('page.draft')},
    'additional', ${kept('page.additional')}
  ),
  'finalPicture', ${kept('page.final_picture')},
  'completed', json_build_object('picture', ${kept('page.final_picture')}),
  'picturesExpired', page.pictures_expired_at is not null,
  'refuseReason', case when reason.id is not null
    then json_build_object('title', json_build_object('user', reason.title_user)) end,
  'processing', coalesce(steps.list, '[]'),
  'currentProcessing', steps.current,
  'persons', page.persons_view
)`;

/** The conditions whose result is still to come: their `eta` is the service's to fill. */
const AWAITING_RESULT = sql.raw(ConditionGroup.awaitingResult.join(', '));

/**
 * The statement answering `total`, the `orders` of the rows `pageRows` selects in the given order, as
 * JSON text (the answer is sent as PostgreSQL wrote it, never parsed and written again here), and the
 * ids of those still `awaitingResult`.
 */
const answerOf = (pageRows: SQL, order: SQL, total: SQL) => sql`(
  with page as (${pageRows}),
  ${detailsOfPage}
  select ${total} as total,
    coalesce(json_agg(${orderDocument} order by ${order}), '[]')::text as orders,
    coalesce(json_agg(page.id) filter (where page.condition in (${AWAITING_RESULT})), '[]') as unfinished
  from page
  left join refusal_reasons reason on reason.id = page.refuse_reason_id
  left join steps on steps.order_id = page.id
) as answer`;

/** The statements' parameters, with their PostgreSQL types. */
const PARAMETER_TYPES = { userId: 'uuid', orderId: 'uuid', offset: 'int' } as const;
type ParameterName = keyof typeof PARAMETER_TYPES;
type Parameters = Partial<Record<ParameterName, string | number>>;
const parameter = (name: ParameterName) => sql.placeholder(name);

/** What a statement answers: the page's documents (a JSON array), the customer's total for a page. */
interface HistoryRow {
  total: number | null;
  orders: string;
  unfinished: string[];
}

type Direction = 'asc' | 'desc';
type PageSize = (typeof ORDER_PAGE_SIZES)[number];
const isPageSize = (size: number): size is PageSize => (ORDER_PAGE_SIZES as readonly number[]).includes(size);

/** The answer's columns, through drizzle's select so that it prepares the statement. */
const answerColumns = {
  total: sql<number | null>`answer.total`,
  orders: sql<string>`answer.orders`,
  unfinished: sql<string[]>`answer.unfinished`,
};

/**
 * A page of one size in one direction. The size is written in, not bound: with a bound LIMIT the
 * planner prices the generic plan for an unknown number of rows and re-plans the statement at every
 * execution instead, which costs more than running it.
 */
function pageQuery(db: Database, direction: Direction, size: PageSize) {
  const userId = parameter('userId');
  const pageRows = sql`select * from orders where user_id = ${userId}
    order by created_at ${sql.raw(direction)}, id
    limit ${sql.raw(String(size))} offset ${parameter('offset')}`;
  // The customer's index (user_id, created_at) answers the count alone.
  const total = sql`(select count(*) from orders where user_id = ${userId})::int`;
  const order = sql.raw(`page.created_at ${direction}, page.id`);
  return db.select(answerColumns).from(answerOf(pageRows, order, total));
}

const oneQuery = (db: Database) =>
  db
    .select(answerColumns)
    .from(
      answerOf(
        sql`select * from orders where id = ${parameter('orderId')} and user_id = ${parameter('userId')}`,
        sql`page.id`,
        sql`null::int`,
      ),
    );

/** A built query of this module, as drizzle gives it. */
interface HistoryQuery {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values: Parameters): Promise<HistoryRow[]> };
}

interface Statement {
  run(parameters: Parameters): Promise<HistoryRow | undefined>;
}

const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** A parameter written into EXECUTE, which takes no bound parameters: only a well-formed uuid or count. */
function literal(name: ParameterName, value: string | number | undefined) {
  const type = PARAMETER_TYPES[name];
  if (type === 'uuid' && typeof value === 'string' && UUID.test(value)) return `'${value}'::uuid`;
  if (type === 'int' && Number.isSafeInteger(value) && (value as number) >= 0) return String(value);
  throw new Error(`order history: ${name} is not a ${type}`);
}

const DUPLICATE_PREPARED_STATEMENT = '42P05';
/** A database error, as the driver throws it or as drizzle wraps it. */
type DriverError = { code?: string; cause?: { code?: string } };

const isPglite = (db: Database) => (db as unknown as { $client: unknown }).$client instanceof PGlite;

/**
 * A statement PGlite plans once: its driver sends every query unnamed, so it would plan this one (most of
 * its cost) on each request; PREPARE keeps the plan for the session, EXECUTE runs it.
 */
function preparedOnPglite(db: Database, name: string, query: HistoryQuery): Statement {
  const { sql: text, params } = query.toSQL();
  const names = params.map((param) => (param as { name: ParameterName }).name);
  const types = names.map((parameterName) => PARAMETER_TYPES[parameterName]).join(', ');
  let prepared: Promise<unknown> | undefined;
  const prepare = () =>
    db.execute(sql.raw(`prepare ${name} (${types}) as ${text}`)).catch((error: DriverError) => {
      // Another handle on the same PGlite (a test's or bench's recording one) prepared it already.
      if ((error.cause?.code ?? error.code) !== DUPLICATE_PREPARED_STATEMENT) {
        prepared = undefined;
        throw error;
      }
    });
  return {
    async run(values) {
      await (prepared ??= prepare());
      const args = names.map((parameterName) => literal(parameterName, values[parameterName])).join(', ');
      const result = await db.execute(sql.raw(`execute ${name} (${args})`));
      return (result as unknown as { rows: HistoryRow[] }).rows[0];
    },
  };
}

function statement(db: Database, name: string, query: HistoryQuery): Statement {
  if (isPglite(db)) return preparedOnPglite(db, name, query);
  // node-postgres names it: each connection of the pool parses and plans it once.
  const prepared = query.prepare(name);
  return { run: async (values) => (await prepared.execute(values))[0] };
}

/** The statements of one database, each built and prepared on its first use. */
const statements = new WeakMap<Database, Map<string, Statement>>();
function statementOf(db: Database, name: string, build: () => HistoryQuery): Statement {
  let named = statements.get(db);
  if (!named) {
    named = new Map();
    statements.set(db, named);
  }
  let found = named.get(name);
  if (!found) {
    found = statement(db, name, build());
    named.set(name, found);
  }
  return found;
}

/** A page of the history as PostgreSQL wrote it: `orders` is the JSON array of HistoryOrder. */
export interface HistoryPageText {
  orders: string;
  total: number;
  /** The orders whose `eta` is null in `orders`, to be filled (still awaiting their result). */
  unfinished: string[];
}

/** One page of the customer's orders, presented, and how many they have: one statement. */
export async function findHistoryPage(
  db: Database,
  query: { userId: string; size: number; offset: number; direction: Direction },
): Promise<HistoryPageText> {
  const { userId, size, offset, direction } = query;
  if (!isPageSize(size)) throw new Error(`order history: no page of ${size}`);
  const page = statementOf(db, `order_history_page_${direction}_${size}`, () =>
    pageQuery(db, direction, size),
  );
  const row = await page.run({ userId, offset });
  return { orders: row?.orders ?? '[]', total: row?.total ?? 0, unfinished: row?.unfinished ?? [] };
}

/** One of the customer's orders, presented; undefined when it is not theirs. */
export async function findHistoryOrder(
  db: Database,
  userId: string,
  orderId: string,
): Promise<HistoryOrder | undefined> {
  const row = await statementOf(db, 'order_history_one', () => oneQuery(db)).run({ userId, orderId });
  return row ? (JSON.parse(row.orders) as HistoryOrder[])[0] : undefined;
}
