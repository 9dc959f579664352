// Order creation benchmark: POST /api/orders/create with a 4000x3000 JPEG original, a 700x400 draft and a
// 1500x1500 face photo, against the raw sharp work on the same pictures in the same run, on PGlite.
// Prints server time p50/p95 and peak memory; writes bench/results/orders.json.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { LedgerReason, users } from '../apps/server/src/db/schema/index';
import { prepareImage } from '../apps/server/src/lib/images';
import { applyLedgerEntry } from '../apps/server/src/modules/ledger/ledger.service';
import { DEMO_CUSTOMER_EMAIL, logIn, openBenchDatabase, startBenchServer } from './bench-app';
import { percentile, printTable, writeResult } from './report';

const RUNS = Number(process.env.BENCH_ORDER_RUNS ?? 20);

const noise = (width: number, height: number, quality: 'jpeg' | 'png') => {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return quality === 'jpeg' ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();
};

// One customer sends every run.
const bench = await openBenchDatabase('PGlite', { ORDER_RATE_LIMIT_PER_MINUTE: '100000' });
const { db } = bench.database;
const [customer] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
await db.transaction((tx) =>
  applyLedgerEntry(tx, {
    userId: customer!.id,
    deltaMain: 100_000,
    deltaBonus: 0,
    reason: LedgerReason.adminAdjustment,
    idempotencyKey: 'bench-topup',
  }),
);
const { app, address } = await startBenchServer(bench);
const cookie = await logIn(address, DEMO_CUSTOMER_EMAIL);
const catalog = (await (await fetch(`${address}/api/services`)).json()) as Array<{
  list: Array<{ _id: string; title: { user: string } }>;
}>;
const faceSwap = catalog
  .flatMap((group) => group.list)
  .find((service) => service.title.user === 'Face swap')!;

const [original, draft, face] = await Promise.all([
  noise(4000, 3000, 'jpeg'),
  noise(700, 400, 'png'),
  noise(1500, 1500, 'jpeg'),
]);
const data = JSON.stringify({
  order: { persons: [{ id: 'photo', orders: [{ id: faceSwap._id }] }], message: '' },
});

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

const rawTimes: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const started = performance.now();
  await Promise.all([
    prepareImage(original, { maxSide: 8000, format: 'jpeg' }),
    prepareImage(original, { maxSide: 400, format: 'webp' }),
    prepareImage(draft, { maxSide: 8000, format: 'png' }),
    prepareImage(face, { maxSide: 2000, format: 'jpeg' }),
  ]);
  rawTimes.push(performance.now() - started);
}
const serverTimes: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const form = new FormData();
  form.append('data', data);
  form.append('original', new Blob([new Uint8Array(original)], { type: 'image/jpeg' }), 'photo.jpg');
  form.append('draft', new Blob([new Uint8Array(draft)], { type: 'image/png' }), 'draft.png');
  form.append('additional', new Blob([new Uint8Array(face)], { type: 'image/jpeg' }), 'face.jpg');
  const started = performance.now();
  const response = await fetch(`${address}/api/orders/create`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  serverTimes.push(performance.now() - started);
  if (response.status !== 201)
    throw new Error(`order creation answered ${response.status}: ${await response.text()}`);
}
clearInterval(sampler);

const round = (ms: number) => Math.round(ms);
const report = {
  database: bench.kind,
  runs: RUNS,
  pictures: {
    original: '4000x3000 JPEG',
    draft: '700x400 PNG',
    additional: '1500x1500 JPEG',
    uploadBytes: original.length + draft.length + face.length,
  },
  serverMs: { p50: round(percentile(serverTimes, 50)), p95: round(percentile(serverTimes, 95)) },
  rawSharpMs: { p50: round(percentile(rawTimes, 50)), p95: round(percentile(rawTimes, 95)) },
  ratioP50: Number((percentile(serverTimes, 50) / percentile(rawTimes, 50)).toFixed(2)),
  peakRssMb: Math.round(peakRss / 1024 / 1024),
};
printTable(`POST /api/orders/create, ${RUNS} runs (ms)`, [
  { case: 'server (upload, images, database)', ...report.serverMs },
  { case: 'raw sharp work on the same pictures', ...report.rawSharpMs },
]);
console.log(`server p50 / raw p50: ${report.ratioP50}; peak RSS ${report.peakRssMb} MB`);
await writeResult('orders', report);

await app.close();
await bench.close();
