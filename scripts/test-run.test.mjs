// scripts/test-run.mjs: the wrapper of `npm test` leaves no temporary folder behind, also when the run
// fails, and names a busy journey port instead of failing later with a stack.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./test-run.mjs', import.meta.url));
/** @type {string[]} */
const folders = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/**
 * Runs the wrapper with a temporary folder of its own, so what it leaves there can be seen.
 * @param {string[]} args @param {Record<string, string>} [env]
 */
async function runWrapper(args, env = {}) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'retouch-wrapper-test-'));
  folders.push(tmp);
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, TMPDIR: tmp, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
  return { code, output, left: await readdir(tmp) };
}

/** A port held busy until the returned close is called. @returns {Promise<{ port: number, close: () => Promise<void> }>} */
function busyPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ port, close: () => new Promise((done) => server.close(() => done(undefined))) });
    });
  });
}

describe('scripts/test-run.mjs', () => {
  it('names a busy journey port and stops before building, leaving no folder', async () => {
    const held = await busyPort();
    try {
      // The sign-in provider's port (E2E_PORT + 1) is the busy one.
      const { code, output, left } = await runWrapper(['e2e'], { E2E_PORT: String(held.port - 1) });
      expect(code).toBe(1);
      expect(output).toContain(`${held.port}: E2E_PORT + 1 (the local sign-in provider)`);
      expect(output).not.toContain('vite');
      expect(left).toEqual([]);
    } finally {
      await held.close();
    }
  });

  it('removes its run folder when the run fails', async () => {
    const { code, left } = await runWrapper(['unit', '--', '--project', 'no-such-project']);
    expect(code).not.toBe(0);
    expect(left).toEqual([]);
  });

  it('refuses an unknown part', async () => {
    const { code, output } = await runWrapper(['everything']);
    expect(code).toBe(2);
    expect(output).toContain('usage:');
  });
});
