import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '@retouch/shared/constants';
import {
  ExecutorResult,
  TimeExtensionCode,
  type StaffOrder,
  type TimeExtension,
} from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { orderProcessing, orders, users, LedgerReason } from '../db/schema/index';
import { findLedgerMismatches, applyLedgerEntry } from '../modules/ledger/ledger.service';
import { withDatabase } from '../../test/global-setup';
import { TestClient } from '../../test/test-app';
import { imageForm } from '../../test/fixtures';
import { pngOf } from '../../test/catalog-fixtures';
import { collectEvents, nextEvent, placeOrder } from '../../test/staff-fixtures';
import { freePort } from '../../test/free-port';

/**
 * Two real server processes on different ports over one PostgreSQL database and one Redis, as a
 * scaled-out deployment runs: work started on one instance is seen live by people connected to the other.
 * PGlite cannot be shared by two processes, so this runs on the PostgreSQL server (TEST_DATABASE_URL,
 * else the local one when it answers) and the local Redis (TEST_REDIS_URL, default 127.0.0.1:6379).
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'two-instances-pass';
const AUTH_LIMIT = 12;

const available = await reachable();

interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  output: string[];
}

let databaseName: string;
let database: DatabaseHandle;
let dataDir: string;
let a: Instance;
let b: Instance;
const sockets: Socket[] = [];

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await redis.connect();
    await redis.ping();
    return true;
  } catch (error) {
    // CI sets TEST_DATABASE_URL and runs Redis: there, a missing service must fail the run, not skip it.
    if (process.env.TEST_DATABASE_URL) throw error;
    return false;
  } finally {
    await client.end().catch(() => undefined);
    redis.disconnect();
  }
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  // As scripts/start.mjs runs it: TypeScript loaded in-process, so signals reach server.ts itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { name, url: `http://127.0.0.1:${port}`, process: child, output };
}

async function untilReady(instance: Instance): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (instance.process.exitCode !== null) break;
    const answer = await fetch(`${instance.url}/api/services`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`instance ${instance.name} did not start:\n${instance.output.join('')}`);
}

async function stop(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.process.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.process.once('exit', resolve));
  instance.process.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (instance.process.exitCode === null) instance.process.kill('SIGKILL');
}

async function logIn(instance: Instance, email: string): Promise<TestClient> {
  const client = new TestClient(instance.url);
  const answer = await client.post('/api/login', { email, password: PASSWORD });
  if (answer.status !== 200) throw new Error(`login of ${email} failed: ${JSON.stringify(answer.body)}`);
  return client;
}

async function socketOn(instance: Instance, client: TestClient): Promise<Socket> {
  const socket = ioClient(instance.url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: client.cookieHeader ?? '' },
  });
  sockets.push(socket);
  if (!socket.connected) await nextEvent(socket, 'connect');
  return socket;
}

/** Lets time pass on every instance: each runs its own (movable, test-hooks) clock. */
async function advanceClocks(client: TestClient, ms: number): Promise<void> {
  for (const instance of [a, b]) {
    const answer = await client.on(instance.url).post('/api/test/clock/advance', { ms });
    expect(answer.status).toBe(200);
  }
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!available)('two instances over one PostgreSQL and one Redis', () => {
  let customer: TestClient;
  let designer: TestClient;
  let moderator: TestClient;
  let admin: TestClient;
  let teeth: { _id: string; executionTime: number };

  beforeAll(async () => {
    databaseName = `retouch_scale_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const adminConnection = new pg.Client({ connectionString: POSTGRES_URL });
    await adminConnection.connect();
    await adminConnection.query(`create database ${databaseName}`);
    await adminConnection.end();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'retouch-scale-'));
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATABASE_URL: withDatabase(POSTGRES_URL, databaseName),
      REDIS_URL,
      REDIS_KEY_PREFIX: `retouch-test-${databaseName}:`,
      // One shared file store, as S3 would be: a picture stored through B is served by A.
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      TEST_HOOKS: 'true',
      SEED_DEMO: 'true',
      DEMO_PASSWORD: PASSWORD,
      ADMIN_PASSWORD: PASSWORD,
      DISPATCH_SWEEP_INTERVAL_MS: '200',
      JOBS_INTERVAL_SECONDS: '0',
      AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
    };
    // Both start at once: migrations and the first-start seed must be serialised between them.
    [a, b] = await Promise.all([startInstance('A', env), startInstance('B', env)]);
    await Promise.all([untilReady(a), untilReady(b)]);
    database = await openDatabase({ url: env.DATABASE_URL, poolSize: 2 });

    customer = await logIn(a, 'customer@retouch.local');
    designer = await logIn(a, 'designer@retouch.local');
    moderator = await logIn(b, 'moderator@retouch.local');
    admin = await logIn(a, 'admin@retouch.local');
    const [row] = await database.db.select().from(users).where(eq(users.email, 'customer@retouch.local'));
    await database.db.transaction((tx) =>
      applyLedgerEntry(tx, {
        userId: row!.id,
        deltaMain: 500,
        deltaBonus: 0,
        reason: LedgerReason.adminAdjustment,
        idempotencyKey: `scale-test-funds:${databaseName}`,
      }),
    );
    const groups = (await customer.get('/api/services')).body as Array<{
      list: Array<{ _id: string; executionTime: number; title: { user: string } }>;
    }>;
    teeth = groups
      .flatMap((group) => group.list)
      .find((service) => service.title.user === 'Teeth whitening')!;
  }, 240_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([stop(a), stop(b)]);
    if (database) {
      expect(await findLedgerMismatches(database.db)).toEqual([]);
      await database.close();
    }
    const adminConnection = new pg.Client({ connectionString: POSTGRES_URL });
    await adminConnection.connect();
    await adminConnection.query(`drop database if exists ${databaseName} with (force)`);
    await adminConnection.end();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`retouch-test-${databaseName}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('seeds once although both instances started together', async () => {
    const admins = await database.db.select().from(users).where(eq(users.email, 'admin@retouch.local'));
    expect(admins).toHaveLength(1);
  });

  it('reports both instances ready, Redis included', async () => {
    for (const instance of [a, b]) {
      const answer = await fetch(`${instance.url}/readyz`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ checks: { database: 'ok', redis: 'ok' } });
    }
  });

  it('shares the login rate limit between the instances', async () => {
    // Four logins have been counted already; the rest of the minute's allowance is spread over A and B.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < AUTH_LIMIT; attempt += 1) {
      const instance = attempt % 2 === 0 ? b : a;
      const answer = await new TestClient(instance.url).post('/api/login', {
        email: 'customer@retouch.local',
        password: 'wrong-password',
      });
      statuses.push(answer.status);
    }
    const allowed = statuses.filter((status) => status !== 429).length;
    expect(allowed).toBe(AUTH_LIMIT - 4);
    expect(statuses.at(-1)).toBe(429);
  });

  it('carries an order made through B to a designer on A, a moderator on B reviews it, the customer on A sees it all', async () => {
    const designerSocket = await socketOn(a, designer);
    const moderatorSocket = await socketOn(b, moderator);
    const customerSocket = await socketOn(a, customer);
    const changes = collectEvents<{ orderId: string; condition: number }>(
      customerSocket,
      SocketEvent.changeOrders,
    );

    expect((await designer.post('/api/executor/shift/toggle')).status).toBe(200);
    const offered = nextEvent<StaffOrder>(designerSocket, SocketEvent.orderForExecutor);
    designerSocket.emit(SocketEvent.executorFind, true);
    const orderId = await placeOrder(customer.on(b.url), teeth._id);
    expect((await offered)._id).toBe(orderId);

    // The designer sends the result through B; the picture stored there is served by A.
    const form = imageForm({}, { image: { data: await pngOf(120, 90), name: 'r.png', type: 'image/png' } });
    expect((await designer.on(b.url).post('/api/admin/orders/executor/completed', form)).status).toBe(200);

    const forReview = nextEvent<StaffOrder>(moderatorSocket, SocketEvent.orderForReview);
    moderatorSocket.emit(SocketEvent.reviewFind, true);
    const inReview = await forReview;
    expect(inReview._id).toBe(orderId);
    const result = inReview.processing.at(-1)?.executor?.result.picture;
    expect(result).toBeTruthy();
    expect((await moderator.on(a.url).get(result!)).status).toBe(200);
    expect((await moderator.post('/api/admin/orders/review/completed/resolve')).status).toBe(200);

    await expect
      .poll(() => changes.filter((change) => change.orderId === orderId).map((change) => change.condition))
      .toEqual([OrderCondition.new, OrderCondition.inWork, OrderCondition.resultReview, OrderCondition.done]);
    const order = await customer.get(`/api/orders/order/${orderId}`);
    expect(order.body.condition).toBe(OrderCondition.done);
    moderatorSocket.emit(SocketEvent.reviewFind, false);
  }, 60_000);

  it('fires a deadline once although both instances sweep', async () => {
    const designerSocket = await socketOn(a, designer);
    const customerSocket = await socketOn(a, customer);
    const changes = collectEvents<{ orderId: string; condition: number }>(
      customerSocket,
      SocketEvent.changeOrders,
    );
    const messages = collectEvents<TimeExtension>(designerSocket, SocketEvent.timeExtension);
    const offered = nextEvent<StaffOrder>(designerSocket, SocketEvent.orderForExecutor);
    designerSocket.emit(SocketEvent.executorFind, true);
    const orderId = await placeOrder(customer.on(b.url), teeth._id);
    expect((await offered)._id).toBe(orderId);

    const minutes = 10 + teeth.executionTime;
    await advanceClocks(designer, (minutes - 10) * 60_000);
    await expect.poll(() => messages.map((message) => message.code)).toEqual([TimeExtensionCode.offer]);
    await advanceClocks(designer, 61_000);
    await expect
      .poll(() => messages.map((message) => message.code))
      .toEqual([TimeExtensionCode.offer, TimeExtensionCode.expired]);
    // Several sweeps of both instances later, still once.
    await settle(1500);
    expect(messages.map((message) => message.code)).toEqual([
      TimeExtensionCode.offer,
      TimeExtensionCode.expired,
    ]);
    const attempts = await database.db
      .select()
      .from(orderProcessing)
      .where(eq(orderProcessing.orderId, orderId));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ resultStatus: ExecutorResult.overdue });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ condition: OrderCondition.requeued, executorId: null });
    expect(changes.filter((change) => change.orderId === orderId).map((change) => change.condition)).toEqual([
      OrderCondition.new,
      OrderCondition.inWork,
      OrderCondition.requeued,
    ]);
  }, 60_000);

  it('drops the cached catalogue on B when the admin changes it through A', async () => {
    const before = await customer.on(b.url).get('/api/services');
    const groupId = (before.body as Array<{ _id: string }>)[0]!._id;
    const renamed = await admin.patch(`/api/admin/services/group/${groupId}`, {
      title: { admin: 'Лицо', user: 'Renamed through A' },
      status: true,
    });
    expect(renamed.status).toBe(200);
    await expect
      .poll(async () => JSON.stringify((await customer.on(b.url).get('/api/services')).body))
      .toContain('Renamed through A');
  });
});
