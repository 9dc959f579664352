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
import { SocketEvent } from '@retouch/shared/realtime';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { LedgerReason, users } from '../src/db/schema/index';
import { applyLedgerEntry } from '../src/modules/ledger/ledger.service';
import { insertUser } from '../src/modules/users/users.repository';
import { withDatabase } from './global-setup';
import { TestClient } from './test-app';
import { freePort } from './free-port';
import { postgresBinDir } from './own-postgres';
import { redisServerBinary } from './own-redis';
import { stopOnExit } from './own-server-dirs';
import { nextEvent } from './staff-fixtures';

/**
 * Real server processes on different ports over one PostgreSQL database and one Redis, as a scaled-out
 * deployment runs. PGlite cannot be shared by two processes, so this needs the PostgreSQL server
 * (TEST_DATABASE_URL, else the local one when it answers) and Redis (TEST_REDIS_URL, default local),
 * or servers of the test's own (own-postgres.ts, own-redis.ts) that it may stop.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The demo accounts' and the admin's password in every deployment. */
export const DEPLOYMENT_PASSWORD = 'two-instances-pass';

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

/**
 * Whether redis-server and the PostgreSQL server programs are installed, for a deployment over servers
 * of the test's own; where CI provides its services (TEST_DATABASE_URL), a missing one fails.
 */
export function ownServersInstalled(): boolean {
  const missing = [
    redisServerBinary() ? undefined : 'redis-server (or REDIS_SERVER_BIN)',
    postgresBinDir() ? undefined : 'the PostgreSQL server programs initdb and pg_ctl (or POSTGRES_BIN_DIR)',
  ].filter((name) => name !== undefined);
  if (missing.length === 0) return true;
  if (process.env.TEST_DATABASE_URL) throw new Error(`not installed: ${missing.join('; ')}`);
  return false;
}

/** One server process; `restart` replaces its process (same name, same port, same url). */
export interface Instance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  output: string[];
  /** Resolves when the process has ended, however. */
  exited: Promise<void>;
}

/** The servers a deployment runs over: the shared ones unless the test brings its own. */
export interface DeploymentServers {
  /** A PostgreSQL server (any database on it); the deployment creates its database there. */
  postgresUrl?: string;
  redisUrl?: string;
}

export interface SocketOptions {
  /**
   * Confirms each `order for executor` and `order for review` (their acknowledgement) as the web app
   * does once it has the order; false plays a client that never got it.
   */
  confirmAssignments?: boolean;
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const connection = new pg.Client({ connectionString: serverUrl });
  await connection.connect();
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

/** Calls the acknowledgement an event came with (its last argument), as the web app does. */
function confirmAssignment(...args: unknown[]): void {
  const confirm = args.at(-1);
  if (typeof confirm === 'function') (confirm as () => void)();
}

/**
 * A fresh database, file store and Redis prefix, and the instances started over them: on the shared
 * PostgreSQL and Redis, or on the `servers` given (a test's own, which it may stop and start).
 */
export async function createDeployment(settings: Record<string, string>, servers: DeploymentServers = {}) {
  const postgresUrl = servers.postgresUrl ?? POSTGRES_URL;
  const redisUrl = servers.redisUrl ?? REDIS_URL;
  // A test's own servers go away whole with their data: only the shared ones are cleaned up after.
  const sharedPostgres = servers.postgresUrl === undefined;
  const sharedRedis = servers.redisUrl === undefined;
  const databaseName = `retouch_scale_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(postgresUrl, `create database ${databaseName}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'retouch-scale-'));
  const env = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATABASE_URL: withDatabase(postgresUrl, databaseName),
    REDIS_URL: redisUrl,
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
  const refetches = new Map<Socket, number>();
  let database: DatabaseHandle | undefined;

  /** Spawns the server process of `instance` on its port; its output is kept with the earlier runs'. */
  function spawnProcess(port: number, output: string[]) {
    // As scripts/start.mjs runs it: TypeScript loaded in-process, so signals reach server.ts itself.
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    // A run ended early takes its instances with it (they would otherwise keep retrying their servers).
    const forget = stopOnExit(() => child.kill('SIGKILL'));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve())).then(forget);
    return { process: child, exited };
  }

  async function start(name: string): Promise<Instance> {
    const port = await freePort();
    const output: string[] = [];
    const instance = { name, port, url: `http://127.0.0.1:${port}`, output, ...spawnProcess(port, output) };
    instances.push(instance);
    return instance;
  }

  const deployment = {
    env,
    start,
    /** The instances started so far. */
    instances,
    /** Whether the instance's process still runs. */
    isRunning: (instance: Instance) => isRunning(instance),
    /** Sends `signal` to the instance (SIGKILL: it dies on the spot) and waits until its process has ended. */
    async kill(instance: Instance, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
      if (!isRunning(instance)) return;
      instance.process.kill(signal);
      await instance.exited;
    },
    /** Stops the instance as an orchestrator does (SIGTERM, then SIGKILL after 10 s). */
    stop: (instance: Instance) => stop(instance),
    /**
     * Starts the instance again on its port (stopping it first if it still runs) and waits until it
     * answers: a restarted container behind the same address.
     */
    async restart(instance: Instance): Promise<Instance> {
      await stop(instance);
      instance.output.push(`--- ${instance.name} restarted ---\n`);
      Object.assign(instance, spawnProcess(instance.port, instance.output));
      await untilReady(instance);
      return instance;
    },
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
    /**
     * A socket of that client on `instance`, behaving as the web app's: it confirms the assignments it
     * receives (unless told not to), and its `refetch` events are counted (`refetchesOf`).
     */
    async socketOn(instance: Instance, client: TestClient, options: SocketOptions = {}): Promise<Socket> {
      const socket = ioClient(instance.url, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: { cookie: client.cookieHeader ?? '' },
      });
      sockets.push(socket);
      if (options.confirmAssignments ?? true) {
        socket.on(SocketEvent.orderForExecutor, confirmAssignment);
        socket.on(SocketEvent.orderForReview, confirmAssignment);
      }
      refetches.set(socket, 0);
      socket.on(SocketEvent.refetch, () => refetches.set(socket, (refetches.get(socket) ?? 0) + 1));
      if (!socket.connected) await nextEvent(socket, 'connect');
      return socket;
    },
    /** How many `refetch` events the socket received since it connected. */
    refetchesOf(socket: Socket): number {
      return refetches.get(socket) ?? 0;
    },
    /** Disconnects every socket opened so far (the staff among them stop searching). */
    disconnectSockets(): void {
      for (const socket of sockets) socket.disconnect();
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
    /**
     * A staff account more (`name`@retouch.local) with the role and password of the seeded `model`
     * account, logged in, with a socket on `instance`.
     */
    async staffOn(
      instance: Instance,
      name: string,
      model: 'designer@retouch.local' | 'moderator@retouch.local',
      socketOptions: SocketOptions = {},
    ): Promise<StaffOnInstance> {
      const [row] = await deployment.db.select().from(users).where(eq(users.email, model));
      const email = `${name}@retouch.local`;
      const userId = await insertUser(deployment.db, {
        email,
        passwordHash: row!.passwordHash,
        giveName: row!.giveName,
        familyName: name,
        roleId: row!.roleId,
        emailConfirmedAt: new Date(),
      });
      const client = await deployment.logIn(instance, email);
      return { userId, client, socket: await deployment.socketOn(instance, client, socketOptions) };
    },
    /** A designer account more (`name`@retouch.local), on duty, with a socket on `instance`. */
    async designerOn(
      instance: Instance,
      name: string,
      socketOptions: SocketOptions = {},
    ): Promise<StaffOnInstance> {
      const staff = await deployment.staffOn(instance, name, 'designer@retouch.local', socketOptions);
      const toggled = await staff.client.post('/api/executor/shift/toggle');
      if (toggled.status !== 200) throw new Error(`${name} could not start a shift: ${toggled.status}`);
      return staff;
    },
    /** A moderator account more (`name`@retouch.local) with a socket on `instance`. */
    moderatorOn(instance: Instance, name: string, socketOptions: SocketOptions = {}) {
      return deployment.staffOn(instance, name, 'moderator@retouch.local', socketOptions);
    },
    /** Stops everything; `check` runs on the database before it goes (e.g. the ledger check). */
    async dispose(check?: (database: DatabaseHandle) => Promise<void>): Promise<void> {
      for (const socket of sockets) socket.disconnect();
      await Promise.all(instances.map(stop));
      try {
        if (database) {
          try {
            await check?.(database);
          } finally {
            await database.close();
          }
        }
      } finally {
        if (sharedPostgres)
          await adminQuery(postgresUrl, `drop database if exists ${databaseName} with (force)`);
        if (sharedRedis) {
          const redis = new Redis(redisUrl);
          const keys = await redis.keys(`${env.REDIS_KEY_PREFIX}*`);
          if (keys.length > 0) await redis.del(...keys);
          redis.disconnect();
        }
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
  return deployment;
}

export type Deployment = Awaited<ReturnType<typeof createDeployment>>;

export interface StaffOnInstance {
  userId: string;
  client: TestClient;
  socket: Socket;
}

function isRunning(instance: Instance): boolean {
  return instance.process.exitCode === null && instance.process.signalCode === null;
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

async function stop(instance: Instance): Promise<void> {
  if (!isRunning(instance)) return;
  instance.process.kill('SIGTERM');
  await Promise.race([instance.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (isRunning(instance)) {
    instance.process.kill('SIGKILL');
    await instance.exited;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls until `read` answers a value (a read that fails counts as none yet), or fails after `withinMs`;
 * answers it and when it came.
 */
export async function until<T>(what: string, withinMs: number, read: () => Promise<T | undefined>) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return { value, at: Date.now() };
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(50);
  }
}
