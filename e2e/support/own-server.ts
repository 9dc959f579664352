import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A server of the journey's own (`npm start` as the shared one, on its own port and data folder), for
 * journeys that stop and start the server under the browser: the shared server serves the other worker.
 * Stopped and started again, it keeps its data (the embedded database in the data folder). `settings`
 * are more environment variables (another payment provider, say).
 */
export function ownServer(port: number, settings: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'retouch-e2e-own-'));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  async function start() {
    child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
        ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
        DEMO_PASSWORD: process.env.E2E_DEMO_PASSWORD,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        ...settings,
      },
    });
    const exited = new Promise<never>((_, reject) =>
      child!.once('exit', (code) => reject(new Error(`the own server on port ${port} exited (${code})`))),
    );
    // Ready once it answers its readiness probe (migrations and the first-start seed are done then).
    const ready = (async () => {
      for (;;) {
        try {
          if ((await fetch(`${url}/readyz`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    exited.catch(() => undefined); // a later stop is not a failure
    await Promise.race([ready, exited]);
  }

  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await gone;
  }

  return {
    url,
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
