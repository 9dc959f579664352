// Socket fan-out benchmark, the server in this process on a scratch database of the PostgreSQL server,
// the customers in a child process (bench/socket-clients.ts):
//  - 2 000 customers, each a real socket.io-client connection with a real session cookie (users and
//    hashed sessions inserted in bulk, as a login stores them); `change orders` is sent through
//    app.realtime.toUser to one user at a time, then to every user at once; every client reports what
//    it receives, so a message that reaches anyone but its user, twice, or never, is counted;
//  - reconnect storm: 500 customers connected, every server-side TCP connection destroyed at once (as a
//    crashed balancer or a network cut would), the clients reconnect on their own with the web client's
//    reconnection delay; all 500 must be back within 10 s (PASS/FAIL; the bench exits 1 on FAIL).
// Writes bench/results/sockets.json.
import { execFileSync, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Socket as TcpSocket } from 'node:net';
import path from 'node:path';
import type pg from 'pg';
import { SESSION_COOKIE, SESSION_TTL_DAYS, SOCKET_RECONNECT_DELAY_MS } from '@retouch/shared/constants';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import type { Database } from '../apps/server/src/db/client';
import { sessions, users } from '../apps/server/src/db/schema/index';
import { hashToken, newSecretToken } from '../apps/server/src/lib/tokens';
import { openBenchDatabase, startBenchServer } from './bench-app';
import { loadFixtureRefs } from './order-fixtures';
import { printTable, round, summarise, writeResult } from './report';
import { monotonicMs, type ClientCommand, type ClientReport } from './socket-protocol';

const CUSTOMERS = Number(process.env.BENCH_SOCKET_CUSTOMERS ?? 2000);
const STORM_CLIENTS = Number(process.env.BENCH_STORM_CLIENTS ?? 500);
const STORM_LIMIT_MS = 10_000;
const ONE_AT_A_TIME_MESSAGES = 200;
const CONNECT_WAVE = 100;
const INSERT_CHUNK = 500;
const DELIVERY_TIMEOUT_MS = 30_000;
const SETTLE_MS = 500;

interface Message {
  target: number;
  sentAt: number;
  deliveries: Array<{ client: number; at: number }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the condition holds; false if it did not within the time. */
async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await sleep(2);
  }
  return true;
}

/** A descriptor per connection in each process, and some for the rest. */
function checkDescriptorLimit(connections: number) {
  const limit = execFileSync('sh', ['-c', 'ulimit -n']).toString().trim();
  const needed = connections + 256;
  if (limit !== 'unlimited' && Number(limit) < needed) {
    throw new Error(`ulimit -n is ${limit}; ${connections} connections need about ${needed}: raise it first`);
  }
  return { limit, neededPerProcess: needed };
}

/** Customers with a live session each, written in bulk as a login writes them (the token's hash). */
async function createCustomers(
  db: Database,
  roleId: string,
  count: number,
): Promise<Array<[string, string]>> {
  const accounts = Array.from({ length: count }, () => [randomUUID(), newSecretToken()] as [string, string]);
  const expiresAt = new Date(Date.now() + SESSION_TTL_DAYS * 24 * 60 * 60 * 1000);
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    const chunk = accounts.slice(start, start + INSERT_CHUNK);
    await db.insert(users).values(
      chunk.map(([id], i) => ({
        id,
        email: `bench-socket-${start + i}@example.com`,
        giveName: 'Bench',
        familyName: String(start + i),
        roleId,
        emailConfirmedAt: new Date(),
      })),
    );
    await db
      .insert(sessions)
      .values(chunk.map(([userId, token]) => ({ tokenHash: hashToken(token), userId, expiresAt })));
  }
  return accounts;
}

/** Counts the pool's checkouts (a query, or a transaction) and tells when no database work is in flight. */
function watchPool(db: Database) {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  let checkouts = 0;
  pool.on('acquire', () => (checkouts += 1));
  const idle = () => pool.waitingCount === 0 && pool.idleCount === pool.totalCount;
  return {
    checkouts: () => checkouts,
    /** Waits until the pool has been idle for a while: the work a disconnect leaves behind is done. */
    async quiet(forMs = 500, timeoutMs = 60_000) {
      const deadline = performance.now() + timeoutMs;
      let idleSince = idle() ? performance.now() : Infinity;
      while (performance.now() - idleSince < forMs) {
        if (performance.now() > deadline) throw new Error('the database never went quiet');
        await sleep(10);
        if (!idle()) idleSince = Infinity;
        else if (idleSince === Infinity) idleSince = performance.now();
      }
    },
  };
}

async function main() {
  const descriptors = checkDescriptorLimit(CUSTOMERS);
  const bench = await openBenchDatabase('PostgreSQL', { DISPATCH_SWEEP_INTERVAL_MS: '0' }, 10);
  const clients = fork(path.join(import.meta.dirname, 'socket-clients.ts'), { stdio: 'inherit' });
  try {
    const { db } = bench.database;
    const { customerRoleId } = await loadFixtureRefs(db);
    const accounts = await createCustomers(db, customerRoleId, CUSTOMERS);
    const { app, address } = await startBenchServer(bench);
    const pool = watchPool(db);
    // The server's side of every connection, to drop them all at once in the storm.
    const serverConnections = new Set<TcpSocket>();
    app.server.on('connection', (connection: TcpSocket) => {
      serverConnections.add(connection);
      connection.once('close', () => serverConnections.delete(connection));
    });

    const messages = new Map<string, Message>();
    const connectedAt = new Array<number>(CUSTOMERS).fill(0);
    const disconnectReasons = new Map<string, number>();
    let strays = 0;
    let connected: Extract<ClientReport, { type: 'connected' | 'failed' }> | undefined;
    let lastReport: Extract<ClientReport, { type: 'report' }> | undefined;
    clients.on('message', (event: ClientReport) => {
      if (event.type === 'delivery') {
        const message = messages.get(event.orderId);
        if (message) message.deliveries.push({ client: event.client, at: event.at });
        else strays += 1;
      } else if (event.type === 'connect') connectedAt[event.client] = event.at;
      else if (event.type === 'disconnect') {
        disconnectReasons.set(event.reason, (disconnectReasons.get(event.reason) ?? 0) + 1);
      } else if (event.type === 'report') lastReport = event;
      else connected = event;
    });
    const command = (message: ClientCommand) => clients.send(message);
    const clientReport = async () => {
      lastReport = undefined;
      command({ type: 'report' });
      await until(() => lastReport !== undefined, 10_000);
      return lastReport!;
    };

    // Connect everyone, a wave at a time.
    const cookies = accounts.map(([, token]) => `${SESSION_COOKIE}=${token}`);
    command({ type: 'connect', address, cookies, wave: CONNECT_WAVE });
    await until(() => connected !== undefined, CUSTOMERS * 1000);
    if (connected?.type !== 'connected')
      throw new Error(`the clients did not connect: ${JSON.stringify(connected)}`);
    const connectSeconds = connected.seconds;
    const identified = new Set(
      (await app.io.fetchSockets()).map((socket) => socket.data.userId).filter(Boolean),
    );
    if (identified.size !== CUSTOMERS) throw new Error(`the server identified ${identified.size} users`);
    const serverRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
    const clientsRssMb = (await clientReport()).rssMb;

    const send = (target: number) => {
      const orderId = randomUUID();
      messages.set(orderId, { target, sentAt: monotonicMs(), deliveries: [] });
      app.realtime.toUser(accounts[target]![0], SocketEvent.changeOrders, {
        orderId,
        condition: OrderCondition.done,
      });
      return orderId;
    };
    const delivered = (ids: string[]) => () => ids.every((id) => messages.get(id)!.deliveries.length > 0);
    const latencies = (ids: string[]) =>
      ids.flatMap((id) => {
        const message = messages.get(id)!;
        const delivery = message.deliveries.find((d) => d.client === message.target);
        return delivery ? [delivery.at - message.sentAt] : [];
      });
    const check = (ids: string[]) => {
      let wrongUser = 0;
      let duplicates = 0;
      let missing = 0;
      for (const id of ids) {
        const { target, deliveries } = messages.get(id)!;
        wrongUser += deliveries.filter((d) => d.client !== target).length;
        const own = deliveries.filter((d) => d.client === target).length;
        if (own === 0) missing += 1;
        if (own > 1) duplicates += own - 1;
      }
      return {
        sent: ids.length,
        wrongUser,
        duplicates,
        missing,
        exact: !wrongUser && !duplicates && !missing,
      };
    };

    // One user at a time: the latency of a single message.
    const oneAtATime: string[] = [];
    for (let i = 0; i < ONE_AT_A_TIME_MESSAGES; i += 1) {
      const id = send((i * 7919) % CUSTOMERS);
      oneAtATime.push(id);
      await until(delivered([id]), 5_000);
    }
    // Every user at once.
    const burst = accounts.map((_, index) => send(index));
    await until(delivered(burst), DELIVERY_TIMEOUT_MS);
    await sleep(SETTLE_MS);
    const lastDelivery = Math.max(...burst.flatMap((id) => messages.get(id)!.deliveries.map((d) => d.at)));
    const fanOut = {
      oneAtATime: { ...check(oneAtATime), latency: summarise(latencies(oneAtATime)) },
      everyUserAtOnce: {
        ...check(burst),
        allDeliveredAfterMs: round(lastDelivery - messages.get(burst[0]!)!.sentAt),
        latency: summarise(latencies(burst)),
      },
      strayMessages: strays,
    };

    // The storm: keep 500 connected, drop every connection on the server's side at once.
    command({ type: 'disconnect', from: STORM_CLIENTS });
    const settled = await until(
      () => app.io.sockets.sockets.size === STORM_CLIENTS && serverConnections.size === STORM_CLIENTS,
      10_000,
    );
    if (!settled) throw new Error(`${app.io.sockets.sockets.size} sockets on the server before the storm`);
    const errorsBefore = (await clientReport()).connectErrors;
    // The 1 500 disconnects' own database work (dispatch and review listeners) must not count in the storm.
    await pool.quiet();
    const checkoutsBefore = pool.checkouts();
    disconnectReasons.clear();
    const cpuBefore = process.cpuUsage();
    const droppedAt = monotonicMs();
    for (const connection of serverConnections) connection.destroy();
    const stormClients = accounts.slice(0, STORM_CLIENTS).map((_, index) => index);
    const allBack = await until(
      () =>
        stormClients.every((index) => connectedAt[index]! > droppedAt) &&
        app.io.sockets.sockets.size === STORM_CLIENTS,
      STORM_LIMIT_MS * 3,
    );
    const serverCpuMs = (({ user, system }) => round((user + system) / 1000))(process.cpuUsage(cpuBefore));
    const backTimes = stormClients
      .filter((i) => connectedAt[i]! > droppedAt)
      .map((i) => connectedAt[i]! - droppedAt);
    const allBackMs = allBack ? Math.max(...backTimes) : Number.NaN;
    await pool.quiet();
    const stormQueries = pool.checkouts() - checkoutsBefore;
    const connectErrors = (await clientReport()).connectErrors - errorsBefore;
    // The rooms were joined again: each of them gets its own message, and only that.
    const afterStorm = stormClients.map((index) => send(index));
    await until(delivered(afterStorm), DELIVERY_TIMEOUT_MS);
    await sleep(SETTLE_MS);
    const stormPass = allBack && allBackMs <= STORM_LIMIT_MS;
    const storm = {
      clients: STORM_CLIENTS,
      how: 'every server-side TCP connection destroyed at once; the clients reconnect on their own',
      reconnectionDelayMs: SOCKET_RECONNECT_DELAY_MS,
      back: backTimes.length,
      allBackMs: round(allBackMs),
      limitMs: STORM_LIMIT_MS,
      reconnect: summarise(backTimes),
      connectErrors,
      disconnectReasons: Object.fromEntries(disconnectReasons),
      databaseCheckouts: stormQueries,
      serverCpuMs,
      deliveryAfterReconnect: { ...check(afterStorm), latency: summarise(latencies(afterStorm)) },
      result: stormPass ? 'PASS' : 'FAIL',
    };
    const exact =
      fanOut.oneAtATime.exact && fanOut.everyUserAtOnce.exact && storm.deliveryAfterReconnect.exact;
    const pass = stormPass && exact && strays === 0;

    printTable(`change orders, ${CUSTOMERS} customers connected: delivery latency (ms) and counts`, [
      { case: 'one user at a time', ...fanOut.oneAtATime.latency, ...check(oneAtATime) },
      { case: 'every user at once', ...fanOut.everyUserAtOnce.latency, ...check(burst) },
      {
        case: `each of ${STORM_CLIENTS} after the storm`,
        ...storm.deliveryAfterReconnect.latency,
        ...check(afterStorm),
      },
    ]);
    printTable('Reconnect storm', [
      {
        clients: STORM_CLIENTS,
        back: storm.back,
        'all back (ms)': storm.allBackMs,
        'p50 (ms)': storm.reconnect.p50Ms,
        'p99 (ms)': storm.reconnect.p99Ms,
        'connect errors': connectErrors,
        'db queries': stormQueries,
        'server CPU (ms)': serverCpuMs,
        'limit (ms)': STORM_LIMIT_MS,
        result: storm.result,
      },
    ]);
    console.log(
      `${CUSTOMERS} connected in ${round(connectSeconds)} s (${Math.round(CUSTOMERS / connectSeconds)} handshakes/s); RSS server ${serverRssMb} MB, clients ${clientsRssMb} MB`,
    );
    console.log(
      `${pass ? 'PASS' : 'FAIL'}: reconnect storm ${storm.result}, deliveries ${exact ? 'exact' : 'NOT exact'}`,
    );
    await writeResult('sockets', {
      database: bench.kind,
      transport: 'websocket',
      customers: CUSTOMERS,
      descriptors,
      connect: {
        seconds: round(connectSeconds),
        handshakesPerSecond: Math.round(CUSTOMERS / connectSeconds),
        wave: CONNECT_WAVE,
      },
      rssMb: { server: serverRssMb, clients: clientsRssMb },
      fanOut,
      storm,
      result: pass ? 'PASS' : 'FAIL',
    });
    command({ type: 'close' });
    await app.close();
    if (!pass) process.exitCode = 1;
  } finally {
    if (clients.connected) clients.kill();
    await bench.close();
  }
}

await main();
