// `npm run bench`: every benchmark in turn, each in its own process, then the README's Benchmarks section
// rendered from the results, and the goals of the benches run (issue 20) with PASS or MISS.
// `npm run bench -- http sockets` runs only the benches named. Exits 1 when a bench failed (an error, or a
// FAIL it printed), after running the others; with `--check`, also when a goal was missed.
import { fork } from 'node:child_process';
import path from 'node:path';
import { renderReadme } from './render-readme';
import { printTable, readGoals } from './report';

const BENCHES = [
  // Builds the web app first (`npm run build`).
  { name: 'bundle', file: 'bundle.ts', args: [] },
  { name: 'lcp', file: 'lcp.ts', args: [] },
  { name: 'faces', file: 'faces.ts', args: ['--no-build'] },
  { name: 'http', file: 'http.ts', args: [] },
  { name: 'http-postgres', file: 'http.ts', args: ['--postgres'] },
  { name: 'orders', file: 'orders.ts', args: [] },
  { name: 'orders-postgres', file: 'orders.ts', args: ['--postgres'] },
  { name: 'dispatch', file: 'dispatch.ts', args: [] },
  { name: 'dispatch-postgres', file: 'dispatch.ts', args: ['--postgres'] },
  { name: 'history', file: 'history.ts', args: [] },
  { name: 'sockets', file: 'sockets.ts', args: [] },
  { name: 'eta', file: 'eta.ts', args: [] },
];

const args = process.argv.slice(2);
const check = args.includes('--check');
const only = args.filter((arg) => arg !== '--check');
const unknown = only.filter((name) => !BENCHES.some((bench) => bench.name === name));
if (unknown.length)
  throw new Error(`no bench named ${unknown.join(', ')}: ${BENCHES.map((b) => b.name).join(', ')}`);

const run = (file: string, args: string[]) =>
  new Promise<number>((resolve) => {
    const child = fork(path.join(import.meta.dirname, file), args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const outcomes = [];
for (const bench of BENCHES.filter((b) => only.length === 0 || only.includes(b.name))) {
  console.log(`\n=== ${bench.name}: ${[bench.file, ...bench.args].join(' ')}`);
  const started = performance.now();
  const code = await run(bench.file, bench.args);
  outcomes.push({
    bench: bench.name,
    seconds: Math.round((performance.now() - started) / 1000),
    result: code === 0 ? 'ok' : `FAIL (exit ${code})`,
  });
}
await renderReadme();
printTable('Benchmarks run', outcomes);
// Each bench's result file is named after it; a bench that failed keeps its earlier file, not counted.
const goals = outcomes
  .filter((outcome) => outcome.result === 'ok')
  .flatMap((outcome) => (readGoals(outcome.bench)?.goals ?? []).map((g) => ({ bench: outcome.bench, ...g })));
printTable(
  'Goals',
  goals.map((g) => ({
    bench: g.bench,
    measure: g.measure,
    figure: g.figure,
    goal: g.goal,
    result: g.met ? 'PASS' : 'MISS',
  })),
);
const missed = goals.filter((g) => !g.met).length;
console.log(`${goals.length - missed} of ${goals.length} goals met${check ? ' (--check)' : ''}`);
if (outcomes.some((outcome) => outcome.result !== 'ok')) process.exitCode = 1;
if (check && missed > 0) process.exitCode = 1;
