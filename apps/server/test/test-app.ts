import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { io as ioClient, type Socket } from 'socket.io-client';
import { inject } from 'vitest';
import { SESSION_COOKIE, SOCKET_PATH } from '@retouch/shared/constants';
import { SocketEvent } from '@retouch/shared/realtime';
import { buildApp, type AppDependencies } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { createManualClock } from '../src/lib/clock';
import type { OrderWork } from '../src/modules/work-queue/order-work';
import { withDatabase } from './global-setup';
import { testConfig } from './test-config';

/**
 * The socket confirms the work it is handed, as the web app does (the acknowledgement of `order for
 * executor` and `order for review`): unconfirmed work would be sent again, then handed back.
 */
function confirmsWork(socket: Socket): void {
  for (const event of [SocketEvent.orderForExecutor, SocketEvent.orderForReview]) {
    socket.on(event, (...args: unknown[]) => {
      const confirm = args.at(-1);
      if (typeof confirm === 'function') confirm();
    });
  }
}

/** A database of its own for one test file: a copy of the run's template (PGlite, or PostgreSQL when configured). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `retouch_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    const handle = await openDatabase({ url: withDatabase(url, name), poolSize: 5 });
    return {
      ...handle,
      async close() {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The whole server on a real port over a fresh database, with a clock the test moves. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  deps: Omit<AppDependencies, 'database' | 'clock'> = {},
) {
  const config: Config = testConfig(overrides);
  const database = await createTestDatabase();
  const clock = createManualClock(new Date());
  let work: OrderWork | undefined;
  const app = await buildApp(config, {
    ...deps,
    database,
    clock,
    orderWork: (built) => {
      work = deps.orderWork ? deps.orderWork(built) : built;
      return work;
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  return {
    app,
    config,
    database,
    db: database.db,
    clock,
    baseUrl,
    /** The order lifecycle's work queues: `sweep()` after moving the clock, `designers.match()`, ... */
    work: work!,
    /** A client with its own cookie jar. */
    client: () => new TestClient(baseUrl),
    /** A socket.io client sending the given client's session cookie. */
    /** A socket of the client's session; it confirms the work it is handed unless told not to. */
    socket(client?: TestClient, options: { confirmsWork?: boolean } = {}) {
      const socket = ioClient(baseUrl, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: client?.cookieHeader ? { cookie: client.cookieHeader } : {},
      });
      sockets.push(socket);
      if (options.confirmsWork !== false) confirmsWork(socket);
      return socket;
    },
    /** Mails written to the outbox, oldest first. */
    async outbox(): Promise<Array<{ to: string; subject: string; text: string }>> {
      const dir = path.join(config.DATA_DIR, 'outbox');
      // A mail being written is a `.part` file until it is renamed whole.
      const files = (await readdir(dir).catch(() => [] as string[]))
        .filter((f) => f.endsWith('.json'))
        .sort();
      return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8'))));
    },
    async close() {
      for (const socket of sockets) socket.disconnect();
      await app.close();
      await database.close();
      await rm(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

/**
 * A body is what the server wrote, read by the tests as JSON.parse reads it: untyped unless a test names
 * its type, since every assertion on it checks the shape anyway. The one place tests keep `any`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Real HTTP requests that keep the session cookie like a browser. */
export class TestClient {
  private cookie: string | undefined;
  /** Any other cookie the server set (the social sign-in's state), sent back like a browser would. */
  private readonly otherCookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  /** The same session talking to another server (another instance of a scaled-out deployment). */
  on(baseUrl: string): TestClient {
    const other = new TestClient(baseUrl);
    other.cookie = this.cookie;
    for (const [name, value] of this.otherCookies) other.otherCookies.set(name, value);
    return other;
  }

  get cookieHeader(): string | undefined {
    return this.cookie ? `${SESSION_COOKIE}=${this.cookie}` : undefined;
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body?: unknown) {
    return this.request('POST', url, body);
  }
  patch(url: string, body?: unknown) {
    return this.request('PATCH', url, body);
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as TestResponse's body above
  async request<T = any>(
    method: string,
    url: string,
    body?: unknown,
    options: { redirect?: 'follow' | 'manual'; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const cookies = [...this.otherCookies].map(([name, value]) => `${name}=${value}`);
    if (this.cookieHeader) cookies.push(this.cookieHeader);
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined && method !== 'GET' && method !== 'HEAD') {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers,
      body: payload,
      redirect: options.redirect,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name === SESSION_COOKIE) this.cookie = value || undefined;
      else if (name && value) this.otherCookies.set(name, value);
      else if (name) this.otherCookies.delete(name);
    }
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json');
    return {
      status: response.status,
      body: isJson && text ? JSON.parse(text) : text,
      headers: response.headers,
    };
  }
}
