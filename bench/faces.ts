// `npm run bench:faces -w @retouch/bench`: how long the editor takes to find faces on a 12-megapixel photo
// on the device (issue 23). Builds the web app (`npm run build`; `--no-build` serves apps/web/dist as it
// is), serves it from the server in-process and, RUNS times in a fresh headless Chromium context, opens
// /core and loads a 4000 × 3000 group photo of 6 faces composed from the e2e test face
// (e2e/support/face-photos.ts), then the same photo again. Reads the measures the editor records
// (apps/web/src/features/editor/faces/): the detector's code loaded on demand, the model's load (the
// TensorFlow.js WebGL backend and the weights) and each detection (the photo drawn small, then the
// network; the first one compiles the WebGL shaders). No goal: figures only.
// Writes bench/results/faces.json.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { groupPhoto } from '../e2e/support/face-photos';
import { openBenchDatabase, startBenchServer } from './bench-app';
import { CHROMIUM_ARGS, launchChromium } from './chromium';
import { printTable, round, summarise, writeResult } from './report';

const ROOT = path.join(import.meta.dirname, '..');
const { values: options } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false } } });
const RUNS = Number(process.env.BENCH_FACES_RUNS ?? 5);
const PHOTO = { width: 4000, height: 3000, columns: 3, rows: 2 };
/** A bound on one detection here (WebGL in software on a loaded machine), not a figure. */
const DETECTION_LIMIT_MS = 180_000;

/** The durations of the detector's measures named so, in the page (Node's `performance` types fit). */
const durationsOf = (name: string) => performance.getEntriesByName(name).map((entry) => entry.duration);

interface Measures {
  codeLoadMs: number[];
  modelLoadMs: number[];
  detectionMs: number[];
}

async function detectOnce(browser: Browser, url: string, photo: Buffer) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/core`);
  const faces = page.getByRole('region', { name: 'Faces found on the photo' });
  const detections = async (count: number) => {
    await page.getByTestId('photo-upload').locator('input[type=file]').setInputFiles({
      name: 'group.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await page.waitForFunction(
      (count) => performance.getEntriesByName('faces:detection').length >= count,
      count,
      { timeout: DETECTION_LIMIT_MS },
    );
  };
  const started = Date.now();
  await detections(1);
  // Shown: the editor no longer says it is looking for faces.
  await page.getByText('Looking for faces on this device…').waitFor({ state: 'detached' });
  const untilSuggestedMs = Date.now() - started;
  const found = await faces.getByRole('listitem').count();
  await detections(2);
  const measures: Measures = {
    codeLoadMs: await page.evaluate(durationsOf, 'faces:code-load'),
    modelLoadMs: await page.evaluate(durationsOf, 'faces:model-load'),
    detectionMs: await page.evaluate(durationsOf, 'faces:detection'),
  };
  await context.close();
  return {
    codeLoadMs: measures.codeLoadMs[0] ?? Number.NaN,
    modelLoadMs: measures.modelLoadMs[0] ?? Number.NaN,
    firstDetectionMs: measures.detectionMs[0] ?? Number.NaN,
    warmDetectionMs: measures.detectionMs[1] ?? Number.NaN,
    untilSuggestedMs,
    found,
  };
}

if (!options['no-build']) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });

const photo = await groupPhoto(PHOTO);
// The machine may be busy with other work: the figures say how busy.
const loadAtStart = round(os.loadavg()[0]!);
const bench = await openBenchDatabase('PGlite', { WEB_DIST_DIR: path.join(ROOT, 'apps/web/dist') });
const server = await startBenchServer(bench);
const browser = await launchChromium();
const runs = [];
try {
  for (let run = 0; run < RUNS; run += 1) runs.push(await detectOnce(browser, server.address, photo));
} finally {
  await browser.close();
  await server.app.close();
  await bench.close();
}

printTable(
  `Faces on a ${PHOTO.width} × ${PHOTO.height} photo of ${PHOTO.columns * PHOTO.rows} faces, headless Chromium (${RUNS} runs)`,
  runs.map((run, index) => ({
    run: index + 1,
    codeLoadMs: round(run.codeLoadMs),
    modelLoadMs: round(run.modelLoadMs),
    firstDetectionMs: round(run.firstDetectionMs),
    warmDetectionMs: round(run.warmDetectionMs),
    untilSuggestedMs: run.untilSuggestedMs,
    found: run.found,
  })),
);
await writeResult('faces', {
  runs: RUNS,
  photo: { width: PHOTO.width, height: PHOTO.height, faces: PHOTO.columns * PHOTO.rows, bytes: photo.length },
  chromium: { args: CHROMIUM_ARGS, note: 'no GPU: WebGL runs in software (SwiftShader)' },
  codeLoad: summarise(runs.map((run) => run.codeLoadMs)),
  modelLoad: summarise(runs.map((run) => run.modelLoadMs)),
  firstDetection: summarise(runs.map((run) => run.firstDetectionMs)),
  warmDetection: summarise(runs.map((run) => run.warmDetectionMs)),
  untilSuggested: summarise(runs.map((run) => run.untilSuggestedMs)),
  facesFound: runs.map((run) => run.found),
  loadAverage: { start: loadAtStart, end: round(os.loadavg()[0]!) },
});
