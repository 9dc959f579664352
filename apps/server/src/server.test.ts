import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { waitForState } from '../test/limits';

/** The real entry point in its own process, stopped the way a container runtime stops it (start-up is slow on a busy machine). */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Started {
  process: ChildProcess;
  url: string;
  port: number;
  output: string[];
  dataDir: string;
}
const started: Started[] = [];

async function startServer(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'retouch-signal-'));
  // As scripts/start.mjs runs it: TypeScript loaded in-process, so the signal reaches server.ts itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'signal-admin-password',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const server = { process: child, url: `http://127.0.0.1:${port}`, port, output, dataDir };
  started.push(server);
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ready = await fetch(`${server.url}/readyz`).catch(() => undefined);
    if (ready?.ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not start:\n${output.join('')}`);
}

function exitOf(server: Started): Promise<number | null> {
  if (server.process.exitCode !== null) return Promise.resolve(server.process.exitCode);
  return new Promise((resolve) => server.process.once('exit', (code) => resolve(code)));
}

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
    await rm(server.dataDir, { recursive: true, force: true });
  }
});

describe('SIGTERM', () => {
  it('closes the server and exits 0, a repeated signal notwithstanding', async () => {
    // A generous bound: this test is about exiting cleanly, the next one about the bound.
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '60000' });
    const signalledAt = Date.now();
    server.process.kill('SIGTERM');
    // Wrappers and terminals often deliver the signal twice: the second must not cut the close short.
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.process.kill('SIGTERM');
    expect(await exitOf(server), server.output.join('')).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(60_000);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  }, 240_000);

  it('exits 1 once SHUTDOWN_TIMEOUT_MS has passed while a request never finishes', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '1500' });
    // A request whose body never comes holds its connection open: the close cannot finish on its own.
    const stuck = connect(server.port, '127.0.0.1').on('error', () => undefined);
    await new Promise((resolve) => stuck.once('connect', resolve));
    stuck.write(
      'POST /api/feedback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    server.process.kill('SIGTERM');
    const code = await exitOf(server);
    const took = Date.now() - signalledAt;
    stuck.destroy();
    expect(code, server.output.join('')).toBe(1);
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(60_000);
    expect(server.output.join('')).toContain('shutdown took longer than 1500 ms');
  }, 240_000);
});

describe('the start output (issue 24)', () => {
  it('prints the server’s lines first and the accounts last, then one plain line a request', async () => {
    const server = await startServer({ NODE_ENV: 'development', LOG_LEVEL: 'info' });
    const atStart = server.output.join('');
    const listening = atStart.indexOf('Server listening at');
    const banner = atStart.indexOf('Retouch is running at');
    expect(listening, atStart).toBeGreaterThanOrEqual(0);
    expect(banner, atStart).toBeGreaterThan(listening);
    // The probes asked while it started wrote nothing: the accounts table is the last thing printed.
    expect(atStart.trimEnd().split('\n').at(-1)).toMatch(
      /^ {2}Admin +admin@retouch\.local +the password given in ADMIN_PASSWORD$/,
    );
    expect(atStart).not.toContain('signal-admin-password');
    expect(atStart).not.toMatch(/Deprecation|FSTDEP/);

    const answer = await fetch(`${server.url}/api/services?secret=1`);
    const requestId = answer.headers.get('x-request-id')!;
    await waitForState(() => expect(server.output.join('')).toContain(requestId));
    const line = server.output
      .join('')
      .split('\n')
      .find((text) => text.includes(requestId))!;
    expect(line).toMatch(/INFO: GET \/api\/services 200 \d+(\.\d)? ms/);
    expect(line).not.toContain('secret');
    // Not a terminal: no colour codes.
    expect(server.output.join('')).not.toContain('\u001b[');
  }, 240_000);
});
