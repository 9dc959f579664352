// `npm test` (and test:unit, test:e2e): runs the unit suites and/or the browser journeys with
//   - one temporary folder for the whole run (TMPDIR), removed at the end whatever the result, so that no
//     retouch-test-*, retouch-e2e-* or other folder a test makes is left behind (issue 24);
//   - no colour codes when the output is not a terminal (a log file, CI), unless FORCE_COLOR asks
//     (Vitest is told with NO_COLOR; Playwright and the server look at the terminal themselves);
//   - the journeys' ports checked first: a busy one fails at once, named.
// Usage: node scripts/test-run.mjs unit|e2e [more parts] [-- arguments for the single part's runner]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const separator = process.argv.indexOf('--');
const parts = process.argv.slice(2, separator === -1 ? undefined : separator);
const extra = separator === -1 ? [] : process.argv.slice(separator + 1);
if (parts.length === 0 || parts.some((part) => part !== 'unit' && part !== 'e2e')) {
  console.error('usage: node scripts/test-run.mjs unit|e2e [...] [-- runner arguments]');
  process.exit(2);
}

const runDir = mkdtempSync(path.join(os.tmpdir(), 'retouch-run-'));
/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, TMPDIR: runDir };
// Vitest's colours (tinyrainbow) follow TERM, not the terminal: off unless asked for. Playwright decides
// for itself and sets FORCE_COLOR for its processes, with which a NO_COLOR makes Node warn: unit only.
/** @type {NodeJS.ProcessEnv} */
const unitEnv = !process.stdout.isTTY && !('FORCE_COLOR' in process.env) ? { ...env, NO_COLOR: '1' } : env;

/** @type {import('node:child_process').ChildProcess | undefined} */
let child;
let stopping = false;
const removeRunDir = () => rmSync(runDir, { recursive: true, force: true, maxRetries: 5 });
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    stopping = true;
    if (child) child.kill(signal);
    else {
      removeRunDir();
      process.exit(1);
    }
  });
}

/** @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [withEnv] @returns {Promise<number>} */
function run(command, args, withEnv = env) {
  return new Promise((resolve) => {
    child = spawn(command, args, { cwd: root, env: withEnv, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      child = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
  });
}

/** @param {number} port @returns {Promise<boolean>} */
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The journeys' server, the local sign-in provider and the server of the own-server journey. */
async function busyJourneyPorts() {
  const port = Number(process.env.E2E_PORT ?? 3100);
  /** @type {Array<[number, string]>} */
  const ports = [
    [port, 'E2E_PORT (the server the journeys drive)'],
    [port + 1, 'E2E_PORT + 1 (the local sign-in provider)'],
    [port + 2, 'E2E_PORT + 2 (the own-server journey)'],
    [port + 3, 'E2E_PORT + 3 (the card-payment journey under Stripe)'],
  ];
  const busy = [];
  for (const [number, role] of ports) if (!(await portIsFree(number))) busy.push(`${number}: ${role}`);
  return busy;
}

/** @type {Record<string, () => Promise<number>>} */
const steps = {
  unit: () => run('npx', ['vitest', 'run', ...(parts.length === 1 ? extra : [])], unitEnv),
  async e2e() {
    const busy = await busyJourneyPorts();
    if (busy.length > 0) {
      console.error(
        `The browser journeys need these ports, which are in use:\n  ${busy.join('\n  ')}\n` +
          'Stop what uses them, or choose other ports with E2E_PORT (it uses E2E_PORT, +1, +2 and +3).',
      );
      return 1;
    }
    /** @type {Array<[string, string[]]>} */
    const checks = [
      ['node', ['scripts/ensure-chromium.mjs']],
      ['npm', ['run', 'build']],
    ];
    for (const [command, args] of checks) {
      const code = await run(command, args);
      if (code !== 0) return code;
    }
    return run('npx', ['playwright', 'test', '-c', 'e2e', ...(parts.length === 1 ? extra : [])]);
  },
};

let code = 0;
try {
  for (const part of parts) {
    code = await /** @type {() => Promise<number>} */ (steps[part])();
    if (code !== 0 || stopping) break;
  }
} finally {
  removeRunDir();
}
process.exit(stopping && code === 0 ? 1 : code);
