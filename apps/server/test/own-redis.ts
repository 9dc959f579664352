import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { ownServerDir, removeLeftovers, stopOnExit, type OwnServer } from './own-server-dirs';

/**
 * A `redis-server` of the test's own on a free loopback port, without persistence, in a temporary
 * folder: a test may stop it and start it again (on the same port) without touching the Redis other
 * tests share. REDIS_SERVER_BIN names the binary when it is not `redis-server` on the PATH.
 */
const DIR_PREFIX = 'retouch-redis-';
const READY_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;

/** `stop` is SIGTERM (a shutdown without saving); a start is empty. */
export type OwnRedis = OwnServer;

/** The redis-server binary, or undefined when this machine has none. */
export function redisServerBinary(): string | undefined {
  const binary = process.env.REDIS_SERVER_BIN ?? 'redis-server';
  const found = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return found.status === 0 ? binary : undefined;
}

/** Kills the redis-server a crashed run left in `dir` (by the pid in its pid file, if it is one). */
function killLeftover(dir: string): void {
  const pidFile = path.join(dir, 'redis.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return;
  const command = (() => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return '';
    }
  })();
  if (command.includes('redis-server')) process.kill(pid, 'SIGKILL');
}

/** Whether something accepts connections on the loopback port. */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether a Redis on the port answers PING. */
function pongs(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const timer = setTimeout(() => done(false), 1000);
    function done(answer: boolean) {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    }
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk: Buffer) => done(chunk.toString().startsWith('+PONG')));
    socket.once('error', () => done(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startOwnRedis(): Promise<OwnRedis> {
  const binary = redisServerBinary();
  if (!binary) throw new Error('redis-server is not installed (or set REDIS_SERVER_BIN)');
  removeLeftovers(os.tmpdir(), DIR_PREFIX, killLeftover);
  const dir = await ownServerDir(os.tmpdir(), DIR_PREFIX);
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let output = '';
  let forgetOnExit = () => {};

  async function start(): Promise<void> {
    if (child) return;
    output = '';
    // No RDB, no AOF: an outage loses everything, as a Redis without persistence restarted does.
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    args.push('--dir', dir, '--pidfile', path.join(dir, 'redis.pid'), '--daemonize', 'no');
    const started = spawn(binary!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    started.stdout!.on('data', keep);
    started.stderr!.on('data', keep);
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    void exited.then(() => {
      if (child === started) child = undefined;
    });
    forgetOnExit = stopOnExit(() => started.kill('SIGKILL'));
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await pongs(port))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`redis-server on port ${port} did not start:\n${output}`);
      }
      await sleep(50);
    }
  }

  async function stop(): Promise<void> {
    const running = child;
    if (!running) return;
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
    child = undefined;
    forgetOnExit();
    while (await portAnswers(port)) await sleep(50);
  }

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    get running() {
      return child !== undefined;
    },
    start,
    stop,
    async dispose() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
