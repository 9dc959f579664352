import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicGroup } from '@retouch/shared/catalog';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { LedgerReason } from '../db/schema/index';
import { DEMO_EMAILS } from '../seed';
import { applyLedgerEntry } from '../modules/ledger/ledger.service';
import { storageKeyFromPath } from '../storage/storage';
import { imageForm } from '../../test/fixtures';
import { withDatabase } from '../../test/global-setup';
import { TestClient } from '../../test/test-app';
import { freePort } from '../../test/free-port';

/**
 * The real server, started as `npm start` starts it, SIGKILLed while customers' orders are being
 * created, then started again: no charge without its order, no order without its charge (and its
 * pictures), every balance equal to its ledger (`npm run check:ledger` passes), and the restarted
 * server takes orders again. Files written by sends that the kill cut short may stay behind unused.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const serverScript = fileURLToPath(new URL('../server.ts', import.meta.url));
const checkLedgerScript = fileURLToPath(new URL('../scripts/check-ledger.ts', import.meta.url));
const DEMO_PASSWORD = 'demo-password-kill';
const CONCURRENT_SENDS = 30;
const KILL_AFTER_CREATED = 3;

describe.skipIf(!databaseUrl)('a server killed during order creation (runs with TEST_DATABASE_URL)', () => {
  const databaseName = `retouch_kill_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let admin: pg.Client;
  let database: DatabaseHandle;
  let dataDir: string;
  let baseUrl: string;
  let env: NodeJS.ProcessEnv;
  let server: ChildProcess | undefined;

  /** Starts `src/server.ts` in its own process (node with tsx's loader, as `npm start` does) and waits until it answers. */
  async function startServer(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}): ${stderr}`);
      const ready = await fetch(`${baseUrl}/api/site`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ready) return child;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    child.kill('SIGKILL');
    throw new Error(`the server did not start within 60 s: ${stderr}`);
  }

  function stopped(child: ChildProcess): Promise<void> {
    return child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once('exit', () => resolve()));
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'retouch-kill-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: withDatabase(databaseUrl!, databaseName),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      JOBS_INTERVAL_SECONDS: '0',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      // One customer sends CONCURRENT_SENDS orders at once.
      ORDER_RATE_LIMIT_PER_MINUTE: '10000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      // Its uploads spool under its own folder: a server killed mid-send leaves its spool behind, and
      // that folder goes with the test (the system's temporary folder kept 19 of them).
      TMPDIR: dataDir,
    };
    server = await startServer();
    database = await openDatabase({ url: env.DATABASE_URL!, poolSize: 2 });
  }, 90_000);

  afterAll(async () => {
    if (server) {
      server.kill('SIGKILL');
      await stopped(server);
    }
    await database?.close();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function demoCustomer(): Promise<{ client: TestClient; userId: string }> {
    const client = new TestClient(baseUrl);
    const login = await client.post('/api/login', { email: DEMO_EMAILS.customer, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    return { client, userId: login.body._id as string };
  }

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  it('loses no money and no order, and takes orders again after a restart', async () => {
    const customer = await demoCustomer();
    await database.db.transaction((tx) =>
      applyLedgerEntry(tx, {
        userId: customer.userId,
        deltaMain: 1000,
        deltaBonus: 0,
        reason: LedgerReason.adminAdjustment,
        idempotencyKey: `kill-test-top-up:${customer.userId}`,
      }),
    );
    const groups = (await customer.client.get('/api/services')).body as PublicGroup[];
    const teeth = groups.flatMap((group) => group.list).find((s) => s.title.user === 'Teeth whitening')!;
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#aa7744' } })
      .png()
      .toBuffer();
    const form = () =>
      imageForm(
        {
          data: JSON.stringify({
            order: { persons: [{ id: 'photo', orders: [{ id: teeth._id }] }], message: '' },
          }),
        },
        {
          original: { data: photo, name: 'photo.png', type: 'image/png' },
          draft: { data: photo, name: 'draft.png', type: 'image/png' },
        },
      );

    const killed = server!;
    let created = 0;
    const acknowledged: string[] = [];
    const sends = Array.from({ length: CONCURRENT_SENDS }, () =>
      customer.client.post('/api/orders/create', form()).then(
        (answer) => {
          if (answer.status === 201) {
            acknowledged.push(answer.body._id as string);
            created += 1;
            if (created === KILL_AFTER_CREATED) killed.kill('SIGKILL');
          }
          return answer.status;
        },
        () => 0,
      ),
    );
    const statuses = await Promise.all(sends);
    killed.kill('SIGKILL');
    await stopped(killed);
    // The kill came while sends were still running: some were answered, some never were.
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(KILL_AFTER_CREATED);
    expect(statuses).toContain(0);

    server = await startServer();

    const ledgerCheck = await promisify(execFile)(process.execPath, ['--import', 'tsx', checkLedgerScript], {
      cwd: repoRoot,
      env,
    });
    expect(ledgerCheck.stdout).toContain('every balance equals the sum of its ledger');

    const orders = await rows<{ id: string; original: string; draft: string; original_thumb: string }>(
      sql`select id, original, draft, original_thumb from orders where user_id = ${customer.userId}`,
    );
    expect(orders.map((order) => order.id)).toEqual(expect.arrayContaining(acknowledged));
    expect(
      await rows(sql`
        select o.id from orders o where not exists (
          select 1 from token_ledger l where l.order_id = o.id and l.reason = ${LedgerReason.orderCharge}
            and l.delta_main = -o.charged_main and l.delta_bonus = -o.charged_bonus)
        or not exists (select 1 from order_persons p where p.order_id = o.id)`),
    ).toEqual([]);
    expect(
      await rows(sql`
        select l.id from token_ledger l where l.reason = ${LedgerReason.orderCharge}
        and not exists (select 1 from orders o where o.id = l.order_id)`),
    ).toEqual([]);
    for (const order of orders) {
      for (const picture of [order.original, order.draft, order.original_thumb]) {
        await expect(
          access(path.join(dataDir, 'files', storageKeyFromPath(picture)!)),
        ).resolves.toBeUndefined();
      }
    }

    // The session survived the restart (it lives in the database) and orders are taken again.
    const info = await customer.client.get('/api/user/info');
    const [ledger] = await rows<{ main: number; bonus: number }>(sql`
      select coalesce(sum(delta_main), 0)::int as main, coalesce(sum(delta_bonus), 0)::int as bonus
      from token_ledger where user_id = ${customer.userId}`);
    expect(info.body.balance).toEqual(ledger);
    expect((await customer.client.post('/api/orders/create', form())).status).toBe(201);
  }, 150_000);
});
