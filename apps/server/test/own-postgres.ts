import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { appendFile, chown, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { portAnswers } from './own-redis';
import { ownServerDir, removeLeftovers, stopOnExit, type OwnServer } from './own-server-dirs';

/**
 * A PostgreSQL cluster of the test's own (`initdb` into a temporary folder, `pg_ctl`), on a free loopback
 * port with trust authentication: a test may stop the database and start it again without touching the
 * server other tests share. PostgreSQL refuses to run as root, so as root its programs run as the
 * `postgres` user. POSTGRES_BIN_DIR names the folder of initdb and pg_ctl when they are not found.
 */
const DIR_PREFIX = 'retouch-pg-';
const POSTGRES_USER = 'postgres';
const PG_CTL_TIMEOUT_SECONDS = '60';

/** Its `url` is the cluster's `postgres` database, as the superuser `postgres`; `stop` is `pg_ctl stop -m fast`; a start keeps the data. */
export type OwnPostgres = OwnServer;

/** The folder holding initdb, pg_ctl and postgres, or undefined when this machine has none. */
export function postgresBinDir(): string | undefined {
  const candidates: string[] = [];
  if (process.env.POSTGRES_BIN_DIR) candidates.push(process.env.POSTGRES_BIN_DIR);
  candidates.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  // Debian and Ubuntu (/usr/lib/postgresql/15/bin) and the PGDG packages of Red Hat (/usr/pgsql-15/bin)
  // install the server apart from the PATH, a folder per major version, the newest first.
  const newestFirst = (names: string[]) => names.sort((x, y) => y.localeCompare(x, 'en', { numeric: true }));
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    candidates.push(...newestFirst(readdirSync(debian)).map((version) => path.join(debian, version, 'bin')));
  }
  const redHat = newestFirst(readdirSync('/usr').filter((name) => name.startsWith('pgsql-')));
  candidates.push(...redHat.map((name) => path.join('/usr', name, 'bin')));
  const found = candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'postgres'].every((program) => existsSync(path.join(dir, program))),
  );
  // The real folder: the programs find their share files beside the real binaries, not the links.
  return found && path.dirname(realpathSync(path.join(found, 'initdb')));
}

const asRoot = () => process.getuid?.() === 0;

/** The command line that runs `program` as the postgres user when this process is root. */
function commandAs(program: string, args: string[]): [string, string[]] {
  return asRoot() ? ['runuser', ['-u', POSTGRES_USER, '--', program, ...args]] : [program, args];
}

function run(program: string, args: string[]): Promise<string> {
  const [command, commandArgs] = commandAs(program, args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${path.basename(program)} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

function runSync(program: string, args: string[]): void {
  const [command, commandArgs] = commandAs(program, args);
  spawnSync(command, commandArgs, { stdio: 'ignore' });
}

/** The postgres user's uid and gid, when this process is root and must hand it the folder. */
function postgresOwner(): { uid: number; gid: number } | undefined {
  if (!asRoot()) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, POSTGRES_USER], { encoding: 'utf8' }).stdout);
  const uid = id('-u');
  const gid = id('-g');
  if (!uid || !gid)
    throw new Error(`running as root, but there is no ${POSTGRES_USER} user to run PostgreSQL`);
  return { uid, gid };
}

/** Whether the postgres user may write in `dir` (every folder above it must let it through). */
function writableByPostgres(dir: string): boolean {
  const [command, args] = commandAs('test', ['-w', dir]);
  return spawnSync(command, args).status === 0;
}

/**
 * A folder the postgres user owns: under the run's temporary folder when it may enter it, else under
 * /tmp (`npm test` makes the run's folder readable by its own user only).
 */
async function clusterDir(): Promise<string> {
  const owner = postgresOwner();
  for (const base of [...new Set([os.tmpdir(), '/tmp'])]) {
    const dir = await ownServerDir(base, DIR_PREFIX);
    if (owner) await chown(dir, owner.uid, owner.gid);
    if (writableByPostgres(dir)) return dir;
    await rm(dir, { recursive: true, force: true });
  }
  throw new Error(`no temporary folder the ${POSTGRES_USER} user may write in`);
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('the PostgreSQL server programs are not installed (or set POSTGRES_BIN_DIR)');
  const pgCtl = path.join(binDir, 'pg_ctl');
  const stopLeftover = (dir: string) => {
    if (existsSync(path.join(dir, 'data', 'postmaster.pid')))
      runSync(pgCtl, ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
  };
  for (const base of new Set([os.tmpdir(), '/tmp'])) removeLeftovers(base, DIR_PREFIX, stopLeftover);

  const dir = await clusterDir();
  const data = path.join(dir, 'data');
  const socketDir = path.join(dir, 'sock');
  const log = path.join(dir, 'postgres.log');
  const port = await freePort();
  let running = false;
  let forgetOnExit = () => {};
  const removeOnExit = stopOnExit(() => {
    stopLeftover(dir);
    rmSync(dir, { recursive: true, force: true });
  });

  try {
    await run(path.join(binDir, 'initdb'), [
      ...['-D', data, '-U', POSTGRES_USER, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    ]);
    await mkdir(socketDir);
    const owner = postgresOwner();
    if (owner) await chown(socketDir, owner.uid, owner.gid);
    // Small and fast: a test database, whose data may be lost in a crash of the machine.
    const settings = {
      listen_addresses: `'127.0.0.1'`,
      port: String(port),
      unix_socket_directories: `'${socketDir}'`,
      shared_buffers: `'16MB'`,
      max_connections: '100',
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
    };
    const lines = Object.entries(settings).map(([name, value]) => `${name} = ${value}`);
    await appendFile(path.join(data, 'postgresql.conf'), `\n${lines.join('\n')}\n`);
  } catch (error) {
    removeOnExit();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  async function start(): Promise<void> {
    if (running) return;
    await run(pgCtl, ['-D', data, '-l', log, '-w', '-t', PG_CTL_TIMEOUT_SECONDS, 'start']);
    running = true;
    forgetOnExit = stopOnExit(() => runSync(pgCtl, ['-D', data, '-m', 'immediate', 'stop']));
  }

  async function stop(): Promise<void> {
    if (!running) return;
    await run(pgCtl, ['-D', data, '-m', 'fast', '-w', '-t', PG_CTL_TIMEOUT_SECONDS, 'stop']);
    running = false;
    forgetOnExit();
    while (await portAnswers(port)) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  try {
    await start();
  } catch (error) {
    removeOnExit();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url: `postgres://${POSTGRES_USER}@127.0.0.1:${port}/postgres`,
    get running() {
      return running;
    },
    start,
    stop,
    async dispose() {
      try {
        await stop();
      } catch {
        // A cluster that would not stop in time is stopped at once: its data goes with the folder.
        stopLeftover(dir);
      } finally {
        removeOnExit();
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
