// The server as the product starts it: `npm start`'s script (scripts/start.mjs, which sets the server's
// environment and runs apps/server/src/server.ts in a process of its own), so the server's memory is
// measured apart from the bench's own buffers and sharp work.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { freePort } from '../apps/server/test/free-port';
import path from 'node:path';
import { BENCH_PASSWORD } from './bench-app';

const ROOT = path.resolve(import.meta.dirname, '..');
const START_SCRIPT = path.join(ROOT, 'scripts/start.mjs');
const READY_TIMEOUT_MS = 60_000;

export interface ServerProcess {
  /** The server's own process (start.mjs's child). */
  pid: number;
  address: string;
  /** The resident memory the server holds now (VmRSS, in bytes). */
  rss(): Promise<number>;
  /** The most resident memory the server held (VmHWM, in bytes) since it started or since `resetPeakRss`. */
  peakRss(): Promise<number>;
  /** Starts the peak over from the memory held now (`/proc/<pid>/clear_refs`, Linux only). */
  resetPeakRss(): Promise<void>;
  /** SIGTERM (start.mjs passes it on), then waits for the processes to exit. */
  stop(): Promise<void>;
}

async function statusField(pid: number, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  if (!kilobytes) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(kilobytes) * 1024;
}

/** The one child start.mjs runs: the server. */
async function serverPid(startPid: number): Promise<number> {
  const children = await readFile(`/proc/${startPid}/task/${startPid}/children`, 'utf8');
  const [pid, ...others] = children.trim().split(/\s+/).map(Number);
  if (!pid || others.length > 0) throw new Error(`start.mjs runs ${children.trim() || 'no'} processes`);
  return pid;
}

async function waitUntilReady(address: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    const answer = await fetch(`${address}/healthz`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

/**
 * Starts the server as `npm start` does on a database already migrated and seeded (a PGlite directory
 * must be closed in this process first: PGlite is not shared between processes), on a free loopback
 * port. The web app is served as it was last built, never rebuilt. `env` adds to the bench's defaults
 * (silent logs, the bench password, no periodic jobs).
 */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [START_SCRIPT], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(ROOT, 'apps/web/dist'),
      LOG_LEVEL: 'silent',
      DEMO_PASSWORD: BENCH_PASSWORD,
      JOBS_INTERVAL_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const address = `http://127.0.0.1:${port}`;
  let pid: number;
  try {
    await waitUntilReady(address, child, () => output);
    pid = await serverPid(child.pid!);
  } catch (error) {
    const server = await serverPid(child.pid!).catch(() => undefined);
    if (server) process.kill(server, 'SIGKILL');
    child.kill('SIGKILL');
    throw error;
  }
  return {
    pid,
    address,
    rss: () => statusField(pid, 'VmRSS'),
    peakRss: () => statusField(pid, 'VmHWM'),
    resetPeakRss: () => writeFile(`/proc/${pid}/clear_refs`, '5'),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
