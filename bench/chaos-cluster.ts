// The deployment `npm run chaos` breaks: its own redis-server and PostgreSQL cluster (the fault suite's
// harness, apps/server/test/own-*.ts), two server processes over them, and a client-side load balancer
// that sends each request to one instance and retries an idempotent or keyed one once on the other.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../apps/server/test/free-port';
import { startOwnPostgres, type OwnPostgres } from '../apps/server/test/own-postgres';
import { startOwnRedis, type OwnRedis } from '../apps/server/test/own-redis';
import { stopOnExit } from '../apps/server/test/own-server-dirs';
import { BENCH_PASSWORD } from './bench-app';

const ROOT = path.resolve(import.meta.dirname, '..');
const DATABASE_NAME = 'retouch_chaos';
const READY_TIMEOUT_MS = 120_000;
/** A load balancer's own bound on a request: past it, the request counts as failed (a gateway timeout). */
export const REQUEST_TIMEOUT_MS = 30_000;
const GATEWAY_TIMEOUT = 504;

/** One server process, restarted on the same port; when it was down is kept for the ghost count. */
export class ChaosInstance {
  process: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private output = '';
  /** Intervals (ms since the epoch) during which the instance was not serving: [down, up or undefined]. */
  readonly downtimes: Array<[number, number | undefined]> = [];
  /** Exits nobody asked for. */
  crashes = 0;
  private stopping = false;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get running() {
    return this.process !== undefined && this.process.exitCode === null && this.process.signalCode === null;
  }

  /** Whether the instance was down at `at` (killed or stopped, and not yet ready again). */
  downAt(at: number): boolean {
    return this.downtimes.some(([from, to]) => at >= from && (to === undefined || at < to));
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port), PUBLIC_URL: this.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-8000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const forget = stopOnExit(() => child.kill('SIGKILL'));
    this.exited = new Promise<void>((resolve) => child.once('exit', () => resolve())).then(() => {
      forget();
      if (this.stopping) return;
      // An exit nobody asked for: the process crashed.
      this.crashes += 1;
      this.downtimes.push([Date.now(), undefined]);
    });
    this.stopping = false;
    this.process = child;
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (!this.running) throw new Error(`instance ${this.name} exited while starting:\n${this.output}`);
      const answer = await fetch(`${this.url}/readyz`).catch(() => undefined);
      if (answer?.ok) break;
      if (Date.now() > deadline) throw new Error(`instance ${this.name} not ready:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const last = this.downtimes.at(-1);
    if (last && last[1] === undefined) last[1] = Date.now();
  }

  /** `kill -9` (or another signal), waiting until the process has ended. */
  async kill(signal: NodeJS.Signals): Promise<void> {
    if (!this.running) return;
    this.stopping = true;
    this.downtimes.push([Date.now(), undefined]);
    this.process!.kill(signal);
    const timer = setTimeout(() => this.process?.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** The server's resident memory, in MB, while it runs. */
  async rssMb(): Promise<number | undefined> {
    if (!this.running) return undefined;
    const status = await readFile(`/proc/${this.process!.pid}/status`, 'utf8').catch(() => '');
    const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kilobytes ? Math.round(Number(kilobytes) / 1024) : undefined;
  }

  lastOutput(): string {
    return this.output;
  }
}

/** What the load balancer saw; reset per scenario. */
export interface TrafficCounters {
  requests: number;
  /** Answers with a status of 500 or more that reached the client (after any retry). */
  serverErrors: number;
  /** Of those, 500 itself: an unexpected error, never a clean refusal. */
  internalErrors: number;
  /** Requests retried on the other instance (a connection error, 502, 503 or 504 on the first). */
  retried: number;
  /** Repeatable requests (GET, keyed) that failed again on the other instance. */
  failedAfterRetry: number;
  /** Requests that may not be repeated (no key) and failed: the client's own retry is its business. */
  failedUnrepeatable: number;
  /** Of those, the ones still unanswered after the load balancer's bound (a hang). */
  timedOut: number;
}

export const emptyCounters = (): TrafficCounters => ({
  requests: 0,
  serverErrors: 0,
  internalErrors: 0,
  retried: 0,
  failedAfterRetry: 0,
  failedUnrepeatable: 0,
  timedOut: 0,
});

export interface BalancedAnswer {
  status: number;
  body: unknown;
  /** The instance that answered (the last tried). */
  instance: ChaosInstance;
}

const RETRIED_STATUSES = new Set([502, 503, GATEWAY_TIMEOUT]);

/**
 * Round robin over the instances, as a load balancer without health checks does; a request that may be
 * repeated (a GET, or one with an Idempotency-Key) and fails with a connection error or 502/503/504 is
 * sent once more to the other instance.
 */
export class LoadBalancer {
  private next = 0;
  counters = emptyCounters();

  constructor(readonly instances: ChaosInstance[]) {}

  /** The next instance in turn (for a socket's connection). */
  pick(): ChaosInstance {
    const instance = this.instances[this.next % this.instances.length]!;
    this.next += 1;
    return instance;
  }

  other(instance: ChaosInstance): ChaosInstance {
    return this.instances.find((each) => each !== instance)!;
  }

  async request(
    method: string,
    url: string,
    options: { cookie?: string; body?: FormData | object; key?: string } = {},
  ): Promise<BalancedAnswer> {
    this.counters.requests += 1;
    const first = this.pick();
    let answer = await send(first, method, url, options);
    const repeatable = method === 'GET' || options.key !== undefined;
    if (RETRIED_STATUSES.has(answer.status) && repeatable) {
      this.counters.retried += 1;
      answer = await send(this.other(first), method, url, options);
    }
    if (answer.status >= 500) {
      // 502 and 504 are the load balancer's own (no connection, no answer in time); the rest the product's.
      if (answer.status !== GATEWAY_TIMEOUT && answer.status !== 502) this.counters.serverErrors += 1;
      if (answer.status === 500) this.counters.internalErrors += 1;
      if (answer.status === GATEWAY_TIMEOUT) this.counters.timedOut += 1;
      if (repeatable) this.counters.failedAfterRetry += 1;
      else this.counters.failedUnrepeatable += 1;
    }
    return answer;
  }
}

/** One attempt; a connection error answers 502 and a request past the load balancer's bound 504. */
async function send(
  instance: ChaosInstance,
  method: string,
  url: string,
  options: { cookie?: string; body?: FormData | object; key?: string },
): Promise<BalancedAnswer> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.key) headers['idempotency-key'] = options.key;
  let body: FormData | string | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    const response = await fetch(`${instance.url}${url}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const parsed =
      response.headers.get('content-type')?.includes('application/json') && text ? JSON.parse(text) : text;
    return { status: response.status, body: parsed, instance };
  } catch (error) {
    const status = (error as Error).name === 'TimeoutError' ? GATEWAY_TIMEOUT : 502;
    return { status, body: (error as Error).message, instance };
  }
}

export interface ChaosCluster {
  redis: OwnRedis;
  postgres: OwnPostgres;
  databaseUrl: string;
  instances: [ChaosInstance, ChaosInstance];
  dispose(): Promise<void>;
}

/** Starts the servers and two instances over them (migrated and seeded by the first). */
export async function startChaosCluster(settings: Record<string, string>): Promise<ChaosCluster> {
  const [redis, postgres] = await Promise.all([startOwnRedis(), startOwnPostgres()]);
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`create database ${DATABASE_NAME}`);
  await admin.end();
  const databaseUrl = new URL(postgres.url);
  databaseUrl.pathname = `/${DATABASE_NAME}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'retouch-chaos-'));
  const env = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: 'retouch-chaos:',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'warn',
    TEST_HOOKS: 'true',
    SEED_DEMO: 'true',
    DEMO_PASSWORD: BENCH_PASSWORD,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    JOBS_INTERVAL_SECONDS: '0',
    ...settings,
  };
  const instances: [ChaosInstance, ChaosInstance] = [
    new ChaosInstance('A', await freePort(), env),
    new ChaosInstance('B', await freePort(), env),
  ];
  // The first migrates and seeds; the second then finds it done.
  await instances[0].start();
  await instances[1].start();
  return {
    redis,
    postgres,
    databaseUrl: databaseUrl.toString(),
    instances,
    async dispose() {
      await Promise.all(instances.map((instance) => instance.kill('SIGTERM')));
      await Promise.allSettled([postgres.dispose(), redis.dispose()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
