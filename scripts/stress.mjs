// Keeps every core busy, as another tenant of a shared machine would: one busy-looping worker thread
// per core (or the count given), until killed or for the seconds given.
//   node scripts/stress.mjs [--cores N] [--seconds S]
// `scripts/test-under-load.sh` runs the test suite beside it.
import os from 'node:os';
import { Worker } from 'node:worker_threads';

const args = process.argv.slice(2);
/** @param {string} name @param {number} fallback */
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const cores = option('cores', os.availableParallelism());
const seconds = option('seconds', 0);

const spin = `
  let x = 0;
  for (;;) x = (x * 1103515245 + 12345) % 2147483648;
`;
const workers = Array.from({ length: cores }, () => new Worker(spin, { eval: true }));
console.log(
  `stress: ${cores} busy threads${seconds ? ` for ${seconds} s` : ' until stopped'} (pid ${process.pid})`,
);
const stop = () => {
  for (const worker of workers) void worker.terminate();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
if (seconds) setTimeout(stop, seconds * 1000);
