// `npm run bench:lcp -w @retouch/bench`: how soon a visitor on a slow phone sees the landing page. Builds
// the web app (`npm run build`; `--no-build` serves apps/web/dist as it is, `--dist <dir>` another build),
// serves it from the server in-process, and loads `/` in Debian's Chromium with a cold cache, the CPU
// slowed 4 times and DevTools' "Fast 3G" network, RUNS times. Reports the median Largest Contentful Paint
// (goal: under 2.5 s, issue 20), First Contentful Paint and the bytes transferred until the page has
// loaded everything (the footer's contacts shown, the network idle). Writes bench/results/lcp.json.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, CDPSession } from '@playwright/test';
import { openBenchDatabase, startBenchServer } from './bench-app';
import { launchChromium } from './chromium';
import { goal, percentile, printGoals, printTable, writeResult } from './report';

const ROOT = path.join(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, dist: { type: 'string' } },
});
const DIST = options.dist ? path.resolve(options.dist) : path.join(ROOT, 'apps/web/dist');
const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 5);
const LCP_LIMIT_SECONDS = 2.5;
const CPU_SLOWDOWN = 4;
/**
 * DevTools' "Fast 3G" preset (ChromeDevTools/devtools-frontend, front_end/core/sdk/NetworkManager.ts;
 * renamed "Slow 4G" in May 2024, crbug.com/342406608, same figures): download
 * `1.6 * 1000 * 1000 / 8 * .9` bytes/s, upload `750 * 1000 / 8 * .9` bytes/s, latency `150 * 3.75` ms.
 */
const FAST_3G = {
  offline: false,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
  latency: 150 * 3.75,
};

interface Paints {
  lcpMs: number;
  fcpMs: number;
  /** What the largest paint was: tag and the start of its text. */
  lcpElement: string;
}

/**
 * Run in the page once it has loaded (a string: this file is typed for Node, not the DOM). No input has
 * happened, so the last candidate the browser reported is the page's LCP.
 */
const READ_PAINTS = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entry = list.getEntries().at(-1);
    resolve({
      lcpMs: entry.startTime,
      lcpElement: (entry.element?.tagName.toLowerCase() ?? '?') + ' ' + (entry.element?.textContent ?? '').trim().slice(0, 40),
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

/** Sums the bytes of every response as they came over the (emulated) network. */
function countTransfers(cdp: CDPSession) {
  const types = new Map<string, string>();
  const bytesByType: Record<string, number> = {};
  let requests = 0;
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    const type = types.get(event.requestId) ?? 'Other';
    bytesByType[type] = (bytesByType[type] ?? 0) + event.encodedDataLength;
    requests += 1;
  });
  return () => ({
    requests,
    bytes: Object.values(bytesByType).reduce((sum, bytes) => sum + bytes, 0),
    bytesByType,
  });
}

async function loadOnce(browser: Browser, url: string) {
  // A context of its own: an empty cache, no connections kept from the run before.
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const transfers = countTransfers(cdp);
  await page.goto(url, { timeout: 120_000 });
  // Loaded: the footer's contacts are the last thing the landing page fetches, after hydration.
  await page.locator('footer address').waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  const paints = (await page.evaluate(READ_PAINTS)) as Paints;
  const transferred = transfers();
  await context.close();
  return { ...paints, ...transferred };
}

if (!options['no-build'] && !options.dist)
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });

const bench = await openBenchDatabase('PGlite', { WEB_DIST_DIR: DIST });
const server = await startBenchServer(bench);
const browser = await launchChromium();
const runs = [];
try {
  for (let run = 0; run < RUNS; run += 1) runs.push(await loadOnce(browser, `${server.address}/`));
} finally {
  await browser.close();
  await server.app.close();
  await bench.close();
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const seconds = (ms: number) => Math.round(ms / 10) / 100;
const median = (values: number[]) => percentile(values, 50);
printTable(
  `Landing page, CPU ×${CPU_SLOWDOWN} + Fast 3G, cold cache (${RUNS} runs)`,
  runs.map((run, index) => ({
    run: index + 1,
    lcpS: seconds(run.lcpMs),
    fcpS: seconds(run.fcpMs),
    lcpElement: run.lcpElement,
    requests: run.requests,
    transferredKib: kib(run.bytes),
  })),
);
const lcpSeconds = seconds(median(runs.map((run) => run.lcpMs)));
const figures = {
  runs: RUNS,
  conditions: { cpuSlowdown: CPU_SLOWDOWN, network: 'Fast 3G', ...FAST_3G },
  lcp: { medianSeconds: lcpSeconds, element: runs.at(-1)?.lcpElement ?? 'none' },
  fcp: { medianSeconds: seconds(median(runs.map((run) => run.fcpMs))) },
  transferred: {
    medianKib: kib(median(runs.map((run) => run.bytes))),
    requests: median(runs.map((run) => run.requests)),
    byTypeKib: Object.fromEntries(
      Object.entries(runs.at(-1)?.bytesByType ?? {}).map(([type, bytes]) => [type, kib(bytes)]),
    ),
  },
  samples: runs.map((run) => ({
    lcpSeconds: seconds(run.lcpMs),
    fcpSeconds: seconds(run.fcpMs),
    transferredKib: kib(run.bytes),
  })),
};
const goals = [goal('landing page LCP, CPU ×4 + Fast 3G', lcpSeconds, '<', LCP_LIMIT_SECONDS, 's')];
printGoals(goals);
await writeResult('lcp', { ...figures, goals });
