// Order creation benchmark: POST /api/orders/create with a 4000x3000 JPEG original, a 700x400 draft and a
// 1500x1500 face photo, to the server started as `npm start` starts it, in its own process, on PGlite
// (`--postgres`: on a scratch database of the PostgreSQL server).
// First RUNS sends one at a time, each beside the raw sharp work on the same pictures done here (the
// server's own jobs, one set at a time): their p50s give the ratio, a goal on PostgreSQL (decision 39).
// Then ROUNDS rounds of CONCURRENT sends at once: the server process's peak RSS (VmHWM, which no
// sampling misses) and the times under that load.
// Writes bench/results/orders.json.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { LedgerReason, users } from '../apps/server/src/db/schema/index';
import { prepareImages } from '../apps/server/src/lib/images';
import { applyLedgerEntry } from '../apps/server/src/modules/ledger/ledger.service';
import { orderPictureJobs } from '../apps/server/src/modules/orders/orders.service';
import { DEMO_CUSTOMER_EMAIL, databaseKindFromArgs, logIn, openBenchDatabase } from './bench-app';
import { goal, percentile, printGoals, printTable, writeResult } from './report';
import { startServerProcess, type ServerProcess } from './server-process';

const RUNS = Number(process.env.BENCH_ORDER_RUNS ?? 20);
const CONCURRENT = Number(process.env.BENCH_ORDER_CONCURRENT ?? 4);
const ROUNDS = Number(process.env.BENCH_ORDER_ROUNDS ?? 5);
const MB = 1024 * 1024;

const noise = (width: number, height: number, quality: 'jpeg' | 'png') => {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return quality === 'jpeg' ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();
};

const [original, draft, face] = await Promise.all([
  noise(4000, 3000, 'jpeg'),
  noise(700, 400, 'png'),
  noise(1500, 1500, 'jpeg'),
]);
// The raw sharp work reads the pictures from disk, as the server reads its uploads.
const pictureDir = await mkdtemp(path.join(os.tmpdir(), 'retouch-bench-pictures-'));
const onDisk = async (name: string, picture: Buffer) => {
  const file = path.join(pictureDir, name);
  await writeFile(file, picture);
  return file;
};
const [originalPath, draftPath, facePath] = await Promise.all([
  onDisk('original', original),
  onDisk('draft', draft),
  onDisk('additional', face),
]);
/** The server's sharp work on one order's pictures: its own jobs through its own code. */
const rawSharpWork = () => prepareImages(orderPictureJobs(originalPath, draftPath, facePath));

// One customer sends every order: topped up here, then the database is handed to the server.
const bench = await openBenchDatabase(databaseKindFromArgs());
const [customer] = await bench.database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
await bench.database.db.transaction((tx) =>
  applyLedgerEntry(tx, {
    userId: customer!.id,
    deltaMain: 100_000,
    deltaBonus: 0,
    reason: LedgerReason.adminAdjustment,
    idempotencyKey: 'bench-topup',
  }),
);
// One process at a time on a PGlite directory.
if (bench.kind === 'PGlite') await bench.database.close();
let server: ServerProcess | undefined;
try {
  server = await startServerProcess(bench.config.DATA_DIR, {
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
    ...(bench.config.DATABASE_URL ? { DATABASE_URL: bench.config.DATABASE_URL } : {}),
  });
  await measure(server);
} finally {
  await server?.stop();
  await rm(pictureDir, { recursive: true, force: true });
  if (bench.kind === 'PGlite') await rm(bench.config.DATA_DIR, { recursive: true, force: true });
  else await bench.close();
}

async function measure(server: ServerProcess) {
  const { address } = server;
  const cookie = await logIn(address, DEMO_CUSTOMER_EMAIL);
  const catalog = (await (await fetch(`${address}/api/services`)).json()) as Array<{
    list: Array<{ _id: string; title: { user: string } }>;
  }>;
  const faceSwap = catalog
    .flatMap((group) => group.list)
    .find((service) => service.title.user === 'Face swap')!;
  const data = JSON.stringify({
    order: { persons: [{ id: 'photo', orders: [{ id: faceSwap._id }] }], message: '' },
  });

  // The form built once, `data` first and then the files as the web app sends them, and sent by node:http:
  // the client's own work (undici's FormData encoding took longer than the server's reading) stays out.
  const boundary = '----retouch-bench';
  const part = (name: string, headers: string, content: Buffer | string) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${headers}\r\n\r\n`),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ];
  const file = (name: string, filename: string, type: string, content: Buffer) =>
    part(name, `; filename="${filename}"\r\nContent-Type: ${type}`, content);
  const body = Buffer.concat([
    ...part('data', '', data),
    ...file('original', 'photo.jpg', 'image/jpeg', original),
    ...file('draft', 'draft.png', 'image/png', draft),
    ...file('additional', 'face.jpg', 'image/jpeg', face),
    Buffer.from(`--${boundary}--\r\n`),
  ]);

  /** Sends one order and answers its time in ms, from the first byte sent to the last byte of the answer. */
  function sendOrder(): Promise<number> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const headers = {
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': body.length,
      };
      const sending = request(`${address}/api/orders/create`, { method: 'POST', headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const elapsed = performance.now() - started;
          if (response.statusCode === 201) resolve(elapsed);
          else reject(new Error(`order creation answered ${response.statusCode}: ${Buffer.concat(chunks)}`));
        });
      });
      sending.on('error', reject);
      sending.end(body);
    });
  }

  const idleRss = await server.rss();
  // Raw sharp work and sends alternate, one at a time, so a drift of the machine weighs on both alike.
  const rawTimes: number[] = [];
  const serverTimes: number[] = [];
  await rawSharpWork();
  await sendOrder();
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await rawSharpWork();
    rawTimes.push(performance.now() - started);
    serverTimes.push(await sendOrder());
  }
  const sequentialPeak = await server.peakRss();

  await server.resetPeakRss();
  const concurrentTimes: number[] = [];
  const roundTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    concurrentTimes.push(...(await Promise.all(Array.from({ length: CONCURRENT }, sendOrder))));
    roundTimes.push(performance.now() - started);
  }
  const concurrentPeak = await server.peakRss();

  const ms = (values: number[]) => ({
    p50: Math.round(percentile(values, 50)),
    p95: Math.round(percentile(values, 95)),
  });
  const ratioP50 = Number((percentile(serverTimes, 50) / percentile(rawTimes, 50)).toFixed(2));
  const peakRssMb = Math.round(concurrentPeak / MB);
  const goals = [
    goal(
      `order creation, peak RSS at ${CONCURRENT} concurrent sends (${bench.kind})`,
      peakRssMb,
      '<',
      400,
      'MB',
    ),
    // The ratio's goal is PostgreSQL's, the configuration for load (decision 39): PGlite runs every
    // statement on the server's one JavaScript thread, in the request's time. Its ratio is reported beside.
    ...(bench.kind === 'PostgreSQL'
      ? [goal('order creation, server time ÷ raw sharp, p50 (PostgreSQL)', ratioP50, '≤', 1.3)]
      : []),
  ];
  const report = {
    database: bench.kind,
    runs: RUNS,
    concurrent: CONCURRENT,
    rounds: ROUNDS,
    pictures: {
      original: '4000x3000 JPEG',
      draft: '700x400 PNG',
      additional: '1500x1500 JPEG',
      uploadBytes: original.length + draft.length + face.length,
    },
    serverMs: ms(serverTimes),
    rawSharpMs: ms(rawTimes),
    ratioP50,
    concurrentMs: ms(concurrentTimes),
    concurrentRoundMs: ms(roundTimes),
    idleRssMb: Math.round(idleRss / MB),
    sequentialPeakRssMb: Math.round(sequentialPeak / MB),
    peakRssMb,
    goals,
  };
  printTable(`POST /api/orders/create, server in its own process on ${bench.kind} (ms)`, [
    { case: `server, ${RUNS} sends one at a time`, ...report.serverMs },
    { case: `raw sharp work on the same pictures, ${RUNS} times`, ...report.rawSharpMs },
    { case: `server, ${ROUNDS} rounds of ${CONCURRENT} at once, each send`, ...report.concurrentMs },
    { case: `server, ${ROUNDS} rounds of ${CONCURRENT} at once, each round`, ...report.concurrentRoundMs },
  ]);
  console.log(
    `server p50 / raw p50: ${ratioP50}; server RSS ${report.idleRssMb} MB idle, peak ` +
      `${report.sequentialPeakRssMb} MB one at a time, ${peakRssMb} MB at ${CONCURRENT} at once`,
  );
  printGoals(goals);
  await writeResult(bench.kind === 'PGlite' ? 'orders' : 'orders-postgres', report);
}
