// Renders bench/results/*.json into README.md between <!-- bench:start --> and <!-- bench:end -->,
// formatted as Prettier formats the README; nothing outside the markers changes. Run by `npm run bench`,
// or alone: `npm run bench:readme -w @retouch/bench`.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { RESULTS_DIR, readGoals } from './report';

const README = path.join(import.meta.dirname, '..', 'README.md');
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

interface Machine {
  cpus: number;
  cpuModel?: string;
  memoryGb?: number;
  node: string;
}
interface Result {
  date: string;
  machine: Machine;
}
interface Latency {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}
interface HttpResult extends Result {
  connections: number;
  rounds: number;
  roundSeconds: number;
  results: Array<{
    name: string;
    requestsPerSecond: number;
    latencyP50Ms: number;
    latencyP99Ms: number;
    ratioToBare: number;
  }>;
}
interface Timing {
  medianMs: number;
  p95Ms: number;
}
interface Plan {
  table: string;
  seqScans: string[];
  indexes: string[];
  executionMs: number;
}
interface HistoryResult extends Result {
  database: string;
  customerOrders: number;
  pageSize: number;
  runs: number;
  customerIndex: string;
  loadAverage?: { start: number; end: number };
  scales: Array<{
    orders: number;
    generationSeconds: number;
    ordersTableWithIndexes: string;
    pages: Array<{
      page: string;
      query: { page: number };
      endpoint: Timing & { statements: number };
      seqScanOnOrders: boolean;
      plans: Array<Plan & { planningMs: number; ordersReadBy: string[] }>;
      withoutCustomerIndex: Plan[];
    }>;
  }>;
  pglite?: {
    orders: number;
    pages: Array<{ page: string; query: { page: number }; endpoint: Timing & { statements: number } }>;
  };
}
interface Delivery {
  sent: number;
  wrongUser: number;
  duplicates: number;
  missing: number;
  latency: Latency;
}
interface SocketsResult extends Result {
  customers: number;
  connect: { seconds: number; handshakesPerSecond: number };
  rssMb: { server: number; clients: number };
  fanOut: { oneAtATime: Delivery; everyUserAtOnce: Delivery & { allDeliveredAfterMs: number } };
  storm: {
    clients: number;
    back: number;
    allBackMs: number;
    limitMs: number;
    reconnectionDelayMs: number;
    reconnect: Latency;
    connectErrors: number;
    databaseCheckouts: number;
    serverCpuMs: number;
    deliveryAfterReconnect: Delivery;
    result: string;
  };
}
interface Size {
  files: number;
  rawKb: number;
  gzipKb: number;
}
interface BundleResult extends Result {
  gzipLevel: number;
  landing: { entry: Size; initialJs: Size; initialCss: Size };
  lazy: Record<string, { source: string; chunk: Size; onNavigation: Size }>;
  allJs: Size;
}
interface DispatchFigures {
  p50Ms: number;
  p99Ms: number;
}
interface DispatchResult extends Result {
  database: string;
  designers: number;
  ordersInTable: number;
  arrival: { fromCommit: DispatchFigures; upload: DispatchFigures; fromCreateRequest: DispatchFigures };
  drain: DispatchFigures;
  goals?: Array<{ measure: string; figure: string; goal: string; met: boolean }>;
}
interface OrdersResult extends Result {
  runs: number;
  serverMs: { p50: number; p95: number };
  rawSharpMs: { p50: number; p95: number };
  peakRssMb: number;
}

function load<T extends Result>(name: string): T | undefined {
  const file = path.join(RESULTS_DIR, `${name}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

const isFigure = (cell: string | number) => typeof cell === 'number' || /^[\d.,/+ –]+( ?ms)?$/.test(cell);

/** A Markdown table: columns of figures right-aligned, the others left-aligned. */
const table = (head: string[], rows: Array<Array<string | number>>) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map((_, i) => (i > 0 && rows.every((row) => isFigure(row[i]!)) ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

const measured = (result: Result) =>
  `Measured ${result.date.slice(0, 10)} on ${result.machine.cpus} × ${result.machine.cpuModel ?? 'CPU'}` +
  `${result.machine.memoryGb ? `, ${result.machine.memoryGb} GB` : ''}, Node ${result.machine.node.replace(/^v/, '')}.`;

const notRun = (file: string) =>
  `No results yet: \`npm run bench\` (or \`bench/${file}\` alone) writes them.`;

function httpSection() {
  const pglite = load<HttpResult>('http');
  const postgres = load<HttpResult>('http-postgres');
  const runs = [pglite, postgres].filter((run): run is HttpResult => run !== undefined);
  if (!runs.length) return ['### HTTP', notRun('http.ts')];
  const names = runs[0]!.results.map((result) => result.name);
  const cells = (run: HttpResult | undefined, name: string) => {
    const result = run?.results.find((r) => r.name === name);
    return result
      ? [result.requestsPerSecond, result.latencyP50Ms, result.latencyP99Ms, result.ratioToBare.toFixed(2)]
      : ['–', '–', '–', '–'];
  };
  return [
    '### HTTP',
    `\`bench/http.ts\`: autocannon, ${runs[0]!.connections} connections, ${runs[0]!.rounds} rounds of ` +
      `${runs[0]!.roundSeconds} s a target after a 1 s warm-up, the server in-process; once on PGlite and once ` +
      '(`--postgres`) on a scratch PostgreSQL database (pool of 10). The bare route is a no-op route on the same ' +
      'app, behind the same global hooks, measured as long just before and just after each run of a target; a ' +
      "run's ratio is to the mean of those two, and a target's figures are the medians of its rounds (each " +
      "round's ratio is in the results file). The bare route's row shows the mean req/s of all its runs and " +
      'the median p50 and p99. ' +
      measured(runs[0]!),
    table(
      [
        'target',
        'PGlite req/s',
        'p50 ms',
        'p99 ms',
        'ratio to bare',
        'PostgreSQL req/s',
        'p50 ms',
        'p99 ms',
        'ratio to bare',
      ],
      names.map((name) => [name, ...cells(pglite, name), ...cells(postgres, name)]),
    ),
    'PGlite runs one query at a time, so every endpoint that reads the database is bound by it; PostgreSQL ' +
      '(`DATABASE_URL`) is the configuration for load.',
  ];
}

function historySection() {
  const history = load<HistoryResult>('history');
  if (!history) return ['### Order history at scale', notRun('history.ts')];
  const postgres = history.scales.flatMap((scale) =>
    scale.pages.map((page) => [
      'PostgreSQL',
      scale.orders.toLocaleString('en'),
      `${page.page} (${page.query.page})`,
      page.endpoint.statements,
      `${page.endpoint.medianMs} / ${page.endpoint.p95Ms}`,
      [...new Set(page.plans.flatMap((plan) => plan.ordersReadBy))]
        .map((scan) => (scan.startsWith('seq') ? scan : `\`${scan}\``))
        .join(', '),
      page.plans.map((plan) => `${plan.planningMs} + ${plan.executionMs}`).join(', '),
      page.withoutCustomerIndex.map((plan) => plan.executionMs).join(', '),
    ]),
  );
  const pglite = (history.pglite?.pages ?? []).map((page) => [
    'PGlite',
    history.pglite!.orders.toLocaleString('en'),
    `${page.page} (${page.query.page})`,
    page.endpoint.statements,
    `${page.endpoint.medianMs} / ${page.endpoint.p95Ms}`,
    '–',
    '–',
    '–',
  ]);
  const seqScan = history.scales.some((scale) => scale.pages.some((page) => page.seqScanOnOrders));
  const largest = history.scales.at(-1)!;
  const withoutIndexMs = Math.max(
    ...largest.pages.flatMap((page) => page.withoutCustomerIndex.map((plan) => plan.executionMs)),
  );
  return [
    '### Order history at scale',
    `\`bench/history.ts\`: what \`GET /api/orders/user/\` asks of the database (the endpoint's own ` +
      `\`listUserOrders\`) for one customer with ${history.customerOrders.toLocaleString('en')} orders, ` +
      `${history.pageSize} a page, first and last page: on ${history.database} (a scratch database ` +
      '`retouch_bench_<pid>` on the server that `BENCH_DATABASE_URL` names, default ' +
      '`postgres://postgres@127.0.0.1:5432/postgres`, dropped at the end), then on embedded PGlite. The orders, ' +
      'their persons, entries with degrees, designer and moderator steps and refusal reasons are made with ' +
      "`generate_series`, customers having 100 orders each and the measured customer's spread over the year and " +
      'the table. The page is one statement (`order-history.repository.ts`): the page of orders, their steps, ' +
      'persons, entries and degrees read once for the whole page and built into the JSON of the answer by ' +
      'PostgreSQL, with the total; it is prepared (a named statement on each PostgreSQL connection, `PREPARE` ' +
      'on PGlite), so that it is planned once. Median / p95 of ' +
      `${history.runs} runs of \`listUserOrders\`, in ms, and the statements it sends; then ` +
      '`EXPLAIN (ANALYZE, BUFFERS)` planning + execution of the statement as planned, and its execution with ' +
      `\`${history.customerIndex}\` dropped (in a transaction rolled back). Every plan is in ` +
      '`bench/results/history.json`. ' +
      measured(history) +
      (history.loadAverage
        ? ` Load average ${history.loadAverage.start} at the start, ${history.loadAverage.end} at the end.`
        : ''),
    table(
      [
        'database',
        'orders in the table',
        'page',
        'statements',
        '`listUserOrders`',
        '`orders` read by',
        'EXPLAIN planning + execution, ms',
        `without \`${history.customerIndex}\`, ms`,
      ],
      [...postgres, ...pglite],
    ),
    history.scales
      .map(
        (scale) =>
          `${scale.orders.toLocaleString('en')} orders were generated in ${scale.generationSeconds} s ` +
          `(orders table and indexes ${scale.ordersTableWithIndexes})`,
      )
      .join('; ') +
      (seqScan
        ? '. A plan reads the whole `orders` table for one customer: see the plans in the results.'
        : `. No plan reads the whole \`orders\` table: the customer's orders are found through ` +
          `\`${history.customerIndex}\` (user_id, created_at; migration 0003), so no index was added. ` +
          `Without it, at ${largest.orders.toLocaleString('en')} orders, the statement takes up to ` +
          `${Math.round(withoutIndexMs)} ms (sequential scans of the table).`),
  ];
}

function socketsSection() {
  const sockets = load<SocketsResult>('sockets');
  if (!sockets) return ['### Socket fan-out and reconnect storm', notRun('sockets.ts')];
  const { fanOut, storm } = sockets;
  const row = (name: string, delivery: Delivery) => [
    name,
    delivery.latency.p50Ms,
    delivery.latency.p99Ms,
    delivery.sent,
    delivery.wrongUser,
    delivery.duplicates,
    delivery.missing,
  ];
  return [
    '### Socket fan-out and reconnect storm',
    `\`bench/sockets.ts\`: ${sockets.customers.toLocaleString('en')} customers, each a socket.io-client ` +
      'connection (websocket) with its own session cookie, in a child process; the server in the bench ' +
      'process on a scratch PostgreSQL database. `change orders` is sent with `app.realtime.toUser`; every ' +
      'client reports what it receives, so a message reaching anyone but its user, twice or never is counted. ' +
      `The ${sockets.customers.toLocaleString('en')} connected in ${sockets.connect.seconds} s ` +
      `(${sockets.connect.handshakesPerSecond} handshakes/s, 100 at a time); RSS server ` +
      `${sockets.rssMb.server} MB, clients ${sockets.rssMb.clients} MB. ${measured(sockets)}`,
    table(
      ['messages', 'p50 ms', 'p99 ms', 'sent', 'to another user', 'twice', 'missing'],
      [
        row('one user at a time', fanOut.oneAtATime),
        row(
          `every user at once (all in ${fanOut.everyUserAtOnce.allDeliveredAfterMs} ms from the first send)`,
          fanOut.everyUserAtOnce,
        ),
        row(`each of the ${storm.clients} after the storm`, storm.deliveryAfterReconnect),
      ],
    ),
    `Reconnect storm: ${storm.clients} customers connected, every server-side TCP connection destroyed at ` +
      `once, the clients reconnecting on their own with the web client's ${storm.reconnectionDelayMs} ms ` +
      'reconnection delay. ' +
      `**${storm.result}**: ${storm.back} of ${storm.clients} back, the last after ${storm.allBackMs} ms ` +
      `(limit ${storm.limitMs} ms; p50 ${storm.reconnect.p50Ms} ms), ${storm.connectErrors} connect errors, ` +
      `${storm.databaseCheckouts} database queries (disconnects and handshakes, counted as pool checkouts) and ` +
      `${storm.serverCpuMs} ms of server CPU on the way.`,
  ];
}

function bundleSection() {
  interface PublicPage {
    route: string;
    heading: string | null;
    mainTextChars: number;
    htmlGzipKb: number;
  }
  const bundle = load<BundleResult & { publicPages?: { withContent: number; pages: PublicPage[] } }>(
    'bundle',
  );
  if (!bundle) return ['### Web bundle', notRun('bundle.ts')];
  const row = (part: string, size: Size) => [part, size.files, size.rawKb, size.gzipKb];
  const pages = bundle.publicPages?.pages ?? [];
  return [
    '### Web bundle',
    "`bench/bundle.ts` builds the web app and reads Vite's manifest (`build.manifest`): the landing page's " +
      'initial JavaScript is the entry chunk and every chunk it imports statically (what `index.html` ' +
      'preloads); a lazy chunk\'s "on navigation" figure adds the chunks it imports that the landing page did ' +
      `not load. gzip level ${bundle.gzipLevel}. ${measured(bundle)}`,
    table(
      ['part', 'files', 'KiB', 'gzip KiB'],
      [
        row('landing: entry chunk', bundle.landing.entry),
        row('landing: initial JavaScript', bundle.landing.initialJs),
        row('landing: initial CSS (inline in the prerendered pages)', bundle.landing.initialCss),
        ...Object.entries(bundle.lazy).flatMap(([name, lazy]) => [
          row(`${name} (\`${path.basename(lazy.source)}\`): lazy chunk`, lazy.chunk),
          row(`${name}: downloaded on navigation`, lazy.onNavigation),
        ]),
        row('all JavaScript of the build', bundle.allJs),
      ],
    ),
    ...(pages.length
      ? [
          "The public pages are prerendered at build time (decision 29): what each one's HTML holds in its " +
            '`<main>` before any script runs (the app shell other routes get has an empty root).',
          table(
            ['page', 'heading in the HTML', 'characters of text in main', 'HTML gzip KiB'],
            pages.map((page) => [
              `\`${page.route}\``,
              page.heading ?? '**none**',
              page.mainTextChars,
              page.htmlGzipKb,
            ]),
          ),
        ]
      : []),
  ];
}

function lcpSection() {
  interface LcpResult extends Result {
    runs: number;
    conditions: {
      cpuSlowdown: number;
      latency: number;
      downloadThroughput: number;
      uploadThroughput: number;
    };
    lcp: { medianSeconds: number; element: string };
    fcp: { medianSeconds: number };
    transferred: { medianKib: number; requests: number; byTypeKib: Record<string, number> };
  }
  const lcp = load<LcpResult>('lcp');
  if (!lcp) return ['### Landing page on a slow phone', notRun('lcp.ts')];
  const { conditions } = lcp;
  return [
    '### Landing page on a slow phone',
    '`bench/lcp.ts` serves the built web app from the server in-process and loads `/` in Chromium with a ' +
      `cold cache, the CPU slowed ${conditions.cpuSlowdown} times and DevTools' "Fast 3G" network ` +
      `(${conditions.latency} ms latency, ${Math.round(conditions.downloadThroughput / 1000)} kB/s down, ` +
      `${Math.round(conditions.uploadThroughput / 1000)} kB/s up), ${lcp.runs} times; medians, and the bytes ` +
      "transferred until the page has loaded everything (the footer's contacts shown, the network idle). " +
      `The largest paint is the \`${lcp.lcp.element.split(' ')[0]}\`. ${measured(lcp)}`,
    table(
      ['figure', 'median'],
      [
        ['Largest Contentful Paint', `${lcp.lcp.medianSeconds} s`],
        ['First Contentful Paint', `${lcp.fcp.medianSeconds} s`],
        ['transferred', `${lcp.transferred.medianKib} KiB`],
        ['requests', lcp.transferred.requests],
        ...Object.entries(lcp.transferred.byTypeKib).map(([type, kib]) => [`of which ${type}`, `${kib} KiB`]),
      ],
    ),
  ];
}

function facesSection() {
  interface FacesResult extends Result {
    runs: number;
    photo: { width: number; height: number; faces: number };
    codeLoad: Latency;
    modelLoad: Latency;
    firstDetection: Latency;
    warmDetection: Latency;
    untilSuggested: Latency;
    facesFound: number[];
    loadAverage: { start: number; end: number };
  }
  const faces = load<FacesResult>('faces');
  const title = '### Faces found in the browser';
  if (!faces) return [title, notRun('faces.ts')];
  const { photo } = faces;
  const found = [...new Set(faces.facesFound)].join(' or ');
  const row = (step: string, figures: Latency) => [
    step,
    `${Math.round(figures.p50Ms)} ms`,
    `${Math.round(figures.maxMs)} ms`,
  ];
  return [
    title,
    `\`bench/faces.ts\` loads a ${photo.width} × ${photo.height} photo of ${photo.faces} faces into the editor ` +
      `in headless Chromium without a GPU (WebGL in software), ${faces.runs} times, each in a fresh context, ` +
      'then the same photo again: the tiny face detector of face-api, loaded on demand, drawn at most ' +
      `1216 px wide for its 608 px input. It made ${found} suggestions for the ${photo.faces} faces. ` +
      `No goal: figures only. ${measured(faces)} Load average ${faces.loadAverage.start} at the start, ` +
      `${faces.loadAverage.end} at the end.`,
    table(
      ['step', 'p50', 'max'],
      [
        row('detector code loaded (1.3 MB, on demand)', faces.codeLoad),
        row('model loaded (WebGL backend, 189 KiB of weights)', faces.modelLoad),
        row('first detection (compiles the shaders)', faces.firstDetection),
        row('next detection', faces.warmDetection),
        row('photo chosen to faces shown', faces.untilSuggested),
      ],
    ),
  ];
}

function dispatchSection() {
  const runs = [load<DispatchResult>('dispatch-postgres'), load<DispatchResult>('dispatch')].filter(
    (run): run is DispatchResult => run !== undefined,
  );
  if (!runs.length) return ['### Dispatch', notRun('dispatch.ts')];
  const orders = runs[0]!.ordersInTable.toLocaleString('en');
  const pair = (figures: DispatchFigures) => `${figures.p50Ms} / ${figures.p99Ms} ms`;
  const goals = runs.flatMap((run) => run.goals ?? []);
  return [
    '### Dispatch',
    `\`bench/dispatch.ts\` (\`--postgres\` for a scratch PostgreSQL database): ${runs[0]!.designers} designers ` +
      `searching over a table of ${orders} orders; orders are created one at a time, and each create call is split ` +
      "at the moment the order's transaction commits (the server's `commandCommitted` diagnostics channel): the " +
      'upload part (request start → commit: upload, decoding, checks, the transaction) and the dispatch (commit → ' +
      `\`order for executor\` at a designer). Then the drain of ${orders} waiting orders when all the designers ask ` +
      `at once. ${measured(runs[0]!)}`,
    table(
      [
        'database',
        'order committed → order at the designer, p50 / p99',
        'upload: create call → commit, p50 / p99',
        'create call → order at the designer, p50 / p99',
        'designers at once, p50 / p99',
      ],
      runs.map((run) => [
        run.database,
        pair(run.arrival.fromCommit),
        pair(run.arrival.upload),
        pair(run.arrival.fromCreateRequest),
        pair(run.drain),
      ]),
    ),
    ...(goals.length
      ? [
          'Goals: ' +
            goals.map((g) => `${g.measure} ${g.figure} (${g.goal}: ${g.met ? 'met' : 'missed'})`).join('; ') +
            '.',
        ]
      : []),
    "The instance that commits an order matches it at once, while the send's outbox record is taken: one " +
      'transaction claims the oldest waiting orders and as many of the longest-waiting searchers (`SKIP LOCKED`; ' +
      'who may not take a requeued order is read too), moves the batch through the transition table in one statement ' +
      "and starts the attempts in another; the designer's view loads while the match's record is taken, and an " +
      "instance's events still go out in commit order. The drain is bound by the database: each search is checked " +
      '(permission, shift, held order) and queued before matching hands out orders 50 to a transaction.',
  ];
}

function ordersSection() {
  type OrdersFigures = OrdersResult & {
    database: string;
    concurrent: number;
    rounds: number;
    ratioP50: number;
    concurrentMs: { p50: number; p95: number };
    idleRssMb: number;
    sequentialPeakRssMb: number;
  };
  const orders = load<OrdersFigures>('orders');
  if (!orders) return ['### Order creation', notRun('orders.ts')];
  const memory = (run: OrdersFigures) =>
    `${run.idleRssMb} MB idle, ${run.sequentialPeakRssMb} MB at most one send at a time, ` +
    `**${run.peakRssMb} MB** at most with ${run.concurrent} at once`;
  const postgres = load<OrdersFigures>('orders-postgres');
  return [
    '### Order creation',
    '`bench/orders.ts`: `POST /api/orders/create` with a 4000 × 3000 JPEG, a 700 × 400 draft and a 1500 × 1500 ' +
      'face photo (noise, the worst case for compression), to the server started as `npm start` starts it, in ' +
      `its own process, on ${orders.database}. ${orders.runs} sends one at a time, each beside the raw sharp work ` +
      "on the same pictures (the server's own jobs through its own code, in the bench's process): server p50 " +
      `${orders.serverMs.p50} ms / p95 ${orders.serverMs.p95} ms, raw sharp p50 ${orders.rawSharpMs.p50} ms / p95 ` +
      `${orders.rawSharpMs.p95} ms, **${orders.ratioP50} ×**. Then ${orders.rounds} rounds of ${orders.concurrent} ` +
      `sends at once: each send p50 ${orders.concurrentMs.p50} ms / p95 ${orders.concurrentMs.p95} ms. The ` +
      "server process's resident memory (its high-water mark, VmHWM, which no sampling misses): " +
      `${memory(orders)}; PGlite's own buffers are most of the idle figure` +
      (postgres ? ` (on PostgreSQL, \`--postgres\`: ${memory(postgres)}, ${postgres.ratioP50} ×)` : '') +
      '. Uploads go to disk as they arrive and JPEGs are written strip by strip (decision 30). The ratio is ' +
      "a goal on PostgreSQL (decision 39): PGlite runs every statement on the server's one JavaScript " +
      "thread, inside the request's time, where PostgreSQL's own processes take it off that thread. " +
      measured(orders),
  ];
}

interface EtaResult extends Result {
  seed: number;
  days: number;
  measuredDays: number;
  orders: number;
  withEstimate: number;
  withoutEstimate: number;
  medianWaitMinutes: number;
  p90WaitMinutes: number;
  medianAbsoluteError: number;
  p90AbsoluteError: number;
  staticTimerMedianAbsoluteError: number;
  goal: number;
}

const percent = (ratio: number) => `${Math.round(ratio * 1000) / 10} %`;

function etaSection() {
  const eta = load<EtaResult>('eta');
  if (!eta) return ['### Estimated time of a result', notRun('eta.ts')];
  return [
    '### Estimated time of a result',
    `\`bench/eta.ts\`: ${eta.days} simulated days (seed ${eta.seed}; arrivals peaking at 6 orders an hour, six ` +
      'designers on overlapping shifts at different paces, handling and review times drawn around each ' +
      "service's true pace) replayed through the server's estimator (`packages/shared/src/eta.ts`), asked at every " +
      `send. The first day teaches it; over the other ${eta.measuredDays}, ${eta.orders} orders (median wait ` +
      `${eta.medianWaitMinutes} min, p90 ${eta.p90WaitMinutes} min), ${eta.withEstimate} with an estimate (the ` +
      `others were sent while no designer was on shift). Median absolute error against the actual wait ` +
      `**${percent(eta.medianAbsoluteError)}** (goal under ${percent(eta.goal)}), p90 ${percent(eta.p90AbsoluteError)}; ` +
      `the static timer it replaces (the plan from the send) was off by ${percent(eta.staticTimerMedianAbsoluteError)}. ` +
      measured(eta),
  ];
}

/** Every result file's goals, side by side with the figures (issue 20). */
function goalsSection() {
  const names = readdirSync(RESULTS_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
  const rows = names.flatMap((name) => {
    const found = readGoals(name);
    if (!found) return [];
    const source = `\`${name}\`, ${found.date.slice(0, 10)}`;
    return found.goals.map((g) => [g.measure, g.goal, g.figure, g.met ? 'met' : '**missed**', source]);
  });
  if (rows.length === 0) return [];
  return [
    '### Goals',
    'The goals the product must reach (issue 20), each beside the figure the last run of its bench measured. ' +
      '`npm run bench -- --check` exits non-zero when a bench it ran missed one.',
    table(['measure', 'goal', 'figure', 'result', 'bench, date'], rows),
  ];
}

/** The generated part of the Benchmarks section. */
export function renderResults(): string {
  return [
    goalsSection(),
    httpSection(),
    historySection(),
    socketsSection(),
    bundleSection(),
    lcpSection(),
    facesSection(),
    dispatchSection(),
    ordersSection(),
    etaSection(),
  ]
    .flat()
    .join('\n\n');
}

/** Writes the rendered results between the README's markers (read just before, to keep others' edits). */
export async function renderReadme() {
  // Wrapped here; the README's own setting (preserve) then keeps the lines as they are.
  const options = {
    ...(await resolveConfig(README)),
    parser: 'markdown' as const,
    proseWrap: 'always' as const,
  };
  const block = (await format(renderResults(), options)).trim();
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} ... ${END} markers`);
  const next = `${readme.slice(0, start + START.length)}\n\n${block}\n\n${readme.slice(end)}`;
  if (next !== readme) writeFileSync(README, next);
  console.log(`README.md Benchmarks section ${next === readme ? 'already up to date' : 'rendered'}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await renderReadme();
