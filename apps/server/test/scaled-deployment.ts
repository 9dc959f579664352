import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io as ioClient, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { SOCKET_PATH } from '@retouch/shared/constants';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { LedgerReason, users } from '../src/db/schema/index';
import { applyLedgerEntry } from '../src/modules/ledger/ledger.service';
import { insertUser } from '../src/modules/users/users.repository';
import { withDatabase } from './global-setup';
import { TestClient } from './test-app';
import { freePort } from './free-port';
import { nextEvent } from './staff-fixtures';

/**
 * Real server processes on different ports over one PostgreSQL database and one Redis, as a scaled-out
 * deployment runs. PGlite cannot be shared by two processes, so this needs the PostgreSQL server
 * (TEST_DATABASE_URL, else the local one when it answers) and Redis (TEST_REDIS_URL, default local).
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The demo accounts' and the admin's password in every deployment. */
const DEPLOYMENT_PASSWORD = 'two-instances-pass';

/** Whether PostgreSQL and Redis answer; where CI provides them (TEST_DATABASE_URL), a missing one fails. */
export async function deploymentServicesReachable(): Promise<boolean> {
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
    if (process.env.TEST_DATABASE_URL) throw error;
    return false;
  } finally {
    await client.end().catch(() => undefined);
    redis.disconnect();
  }
}

export interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  output: string[];
  /** Resolves when the process has ended, however. */
  exited: Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const connection = new pg.Client({ connectionString: POSTGRES_URL });
  await connection.connect();
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

/** A fresh database, file store and Redis prefix, and the instances started over them. */
export async function createDeployment(settings: Record<string, string>) {
  const databaseName = `retouch_scale_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`create database ${databaseName}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'retouch-scale-'));
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
    DEMO_PASSWORD: DEPLOYMENT_PASSWORD,
    ADMIN_PASSWORD: DEPLOYMENT_PASSWORD,
    JOBS_INTERVAL_SECONDS: '0',
    ...settings,
  };
  const instances: Instance[] = [];
  const sockets: Socket[] = [];
  let database: DatabaseHandle | undefined;

  async function start(name: string): Promise<Instance> {
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
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const instance = { name, url: `http://127.0.0.1:${port}`, process: child, output, exited };
    instances.push(instance);
    return instance;
  }

  const deployment = {
    env,
    start,
    /** Starts the instances together (migrations and the first seed must serialise) and waits for them. */
    async startAll(...names: string[]): Promise<Instance[]> {
      const started = await Promise.all(names.map(start));
      await Promise.all(started.map(untilReady));
      database ??= await openDatabase({ url: env.DATABASE_URL, poolSize: 4 });
      return started;
    },
    /** The deployment's database, for the test's own reads (after `startAll`). */
    get db() {
      if (!database) throw new Error('start the instances first');
      return database.db;
    },
    async logIn(instance: Instance, email: string, password = DEPLOYMENT_PASSWORD): Promise<TestClient> {
      const client = new TestClient(instance.url);
      const answer = await client.post('/api/login', { email, password });
      if (answer.status !== 200) throw new Error(`login of ${email} failed: ${JSON.stringify(answer.body)}`);
      return client;
    },
    async socketOn(instance: Instance, client: TestClient): Promise<Socket> {
      const socket = ioClient(instance.url, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { cookie: client.cookieHeader ?? '' },
      });
      sockets.push(socket);
      if (!socket.connected) await nextEvent(socket, 'connect');
      return socket;
    },
    /** Credits the demo customer `tokens` main tokens, as an admin's adjustment would. */
    async fundCustomer(tokens: number): Promise<void> {
      const [row] = await deployment.db.select().from(users).where(eq(users.email, 'customer@retouch.local'));
      await deployment.db.transaction((tx) =>
        applyLedgerEntry(tx, {
          userId: row!.id,
          deltaMain: tokens,
          deltaBonus: 0,
          reason: LedgerReason.adminAdjustment,
          idempotencyKey: `deployment-funds:${databaseName}:${row!.id}`,
        }),
      );
    },
    /** A designer account more (`name`@retouch.local), on duty, with a socket on `instance`. */
    async designerOn(
      instance: Instance,
      name: string,
    ): Promise<{ userId: string; client: TestClient; socket: Socket }> {
      const [model] = await deployment.db
        .select()
        .from(users)
        .where(eq(users.email, 'designer@retouch.local'));
      const email = `${name}@retouch.local`;
      const userId = await insertUser(deployment.db, {
        email,
        passwordHash: model!.passwordHash,
        giveName: 'Designer',
        familyName: name,
        roleId: model!.roleId,
        emailConfirmedAt: new Date(),
      });
      const client = await deployment.logIn(instance, email);
      const toggled = await client.post('/api/executor/shift/toggle');
      if (toggled.status !== 200) throw new Error(`${name} could not start a shift: ${toggled.status}`);
      return { userId, client, socket: await deployment.socketOn(instance, client) };
    },
    /** Stops everything; `check` runs on the database before it goes (e.g. the ledger check). */
    async dispose(check?: (database: DatabaseHandle) => Promise<void>): Promise<void> {
      for (const socket of sockets) socket.disconnect();
      await Promise.all(instances.map(stop));
      if (database) {
        try {
          await check?.(database);
        } finally {
          await database.close();
        }
      }
      await adminQuery(`drop database if exists ${databaseName} with (force)`);
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${env.REDIS_KEY_PREFIX}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return deployment;
}

export type Deployment = Awaited<ReturnType<typeof createDeployment>>;

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

async function stop(instance: Instance): Promise<void> {
  if (instance.process.exitCode !== null || instance.process.signalCode !== null) return;
  instance.process.kill('SIGTERM');
  await Promise.race([instance.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (instance.process.exitCode === null && instance.process.signalCode === null) {
    instance.process.kill('SIGKILL');
  }
}
