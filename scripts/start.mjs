// `npm start`: builds the web app when its build is missing or older than its sources,
// then runs the server (migrations and the first-start seed happen inside it) on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The engines range of package.json (docs/decisions/0037): Node 22 LTS is the supported runtime, 20.19+ still
// starts. Checked before anything runs, so an older Node gets one line saying what to install instead of a stack.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (!((major === 20 && minor >= 19) || (major === 22 && minor >= 13) || major > 22)) {
  console.error(
    `Retouch needs Node.js 22 LTS (22.13 or newer; 20.19+ still starts), not ${process.version}: install Node 22 (\`nvm install\` reads .nvmrc).`,
  );
  process.exit(1);
}
if (major === 20)
  console.warn(`Node ${process.version} is past its end of life; Node 22 LTS is the supported runtime.`);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];

/** @param {string} target @returns {number} */
function newestModification(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newestModification(path.join(target, name))));
}

const builtAt = existsSync(webIndex) ? statSync(webIndex).mtimeMs : 0;
// WEB_DIST_DIR names a build made by the caller (a test run's own folder): it is served as it is.
if (!process.env.WEB_DIST_DIR && builtAt < Math.max(...webSources.map(newestModification))) {
  // One line for the build: its file listing (about 270 lines) is shown only when it fails, so that the
  // accounts table stays the last thing on screen.
  process.stdout.write('Building the web app (about a minute on 2 cores)... ');
  const buildStarted = performance.now();
  const build = spawnSync('npm', ['run', 'build', '-w', '@retouch/web'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) {
    process.stdout.write('failed:\n');
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    if (build.error) console.error(build.error.message);
    process.exit(build.status ?? 1);
  }
  console.log(`built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s.`);
}

// TypeScript loaded in the server's own process: the tsx CLI's signal relay SIGKILLs a child that does
// not acknowledge SIGTERM within 30 ms, which cut graceful shutdowns short on a busy machine.
// Two malloc arenas instead of glibc's eight per core: the image threads' freed memory is reused instead of
// kept in arenas of their own (peak RSS of four order sends at once -130 MB; docs/decisions/0030). The
// Dockerfile sets the same; a value in the environment wins.
// A young generation of 4 MB semi-spaces instead of 16: the server's requests leave little garbage that
// lives long, and the bigger space only held memory (peak RSS of four sends at once -25 to -30 MB;
// docs/decisions/0030). Put first in NODE_OPTIONS, so that a value there wins.
const YOUNG_GENERATION = '--max-semi-space-size=4';
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    MALLOC_ARENA_MAX: '2',
    ...process.env,
    NODE_OPTIONS: `${YOUNG_GENERATION} ${process.env.NODE_OPTIONS ?? ''}`.trim(),
  },
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
