// `npm run bench`: every benchmark in turn, each in its own process, then the README's Benchmarks section
// rendered from the results. `npm run bench -- http sockets` runs only the benches named. Exits 1 when
// a bench failed (an error, or a FAIL it printed), after running the others.
import { fork } from 'node:child_process';
import path from 'node:path';
import { renderReadme } from './render-readme';
import { printTable } from './report';

const BENCHES = [
  // Builds the web app first (`npm run build`).
  { name: 'bundle', file: 'bundle.ts', args: [] },
  { name: 'http', file: 'http.ts', args: [] },
  { name: 'http-postgres', file: 'http.ts', args: ['--postgres'] },
  { name: 'orders', file: 'orders.ts', args: [] },
  { name: 'dispatch', file: 'dispatch.ts', args: [] },
  { name: 'dispatch-postgres', file: 'dispatch.ts', args: ['--postgres'] },
  { name: 'history', file: 'history.ts', args: [] },
  { name: 'sockets', file: 'sockets.ts', args: [] },
  { name: 'eta', file: 'eta.ts', args: [] },
];

const only = process.argv.slice(2);
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
if (outcomes.some((outcome) => outcome.result !== 'ok')) process.exitCode = 1;
