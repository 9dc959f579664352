// The customers' side of bench/sockets.ts: real socket.io-client connections with session cookies, in a
// process of their own so that the server's event loop is not also the clients'. Driven over IPC
// (bench/socket-protocol.ts). Only ever run as a child process: it listens for its parent's messages.
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, SOCKET_RECONNECT_DELAY_MS } from '@retouch/shared/constants';
import { SocketEvent, type ClientToServerEvents, type ServerToClientEvents } from '@retouch/shared/realtime';
import { monotonicMs, type ClientCommand, type ClientReport } from './socket-protocol';

const WAVE_TIMEOUT_MS = 30_000;
const sockets: Array<Socket<ServerToClientEvents, ClientToServerEvents>> = [];
let connectErrors = 0;
let refusals = 0;

const report = (message: ClientReport) => process.send!(message);

function open(address: string, cookie: string, client: number) {
  const socket: (typeof sockets)[number] = io(address, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    extraHeaders: { cookie },
  });
  socket.on('connect', () => report({ type: 'connect', client, at: monotonicMs() }));
  socket.on('disconnect', (reason) => report({ type: 'disconnect', client, reason, at: monotonicMs() }));
  socket.on('connect_error', () => (connectErrors += 1));
  socket.on(SocketEvent.errors, () => (refusals += 1));
  socket.on(SocketEvent.changeOrders, ({ orderId }) =>
    report({ type: 'delivery', orderId, client, at: monotonicMs() }),
  );
  return socket;
}

async function connectAll(address: string, cookies: string[], wave: number) {
  const started = monotonicMs();
  for (let start = 0; start < cookies.length; start += wave) {
    const opened = cookies.slice(start, start + wave).map((cookie, i) => open(address, cookie, start + i));
    sockets.push(...opened);
    const deadline = monotonicMs() + WAVE_TIMEOUT_MS;
    while (!opened.every((socket) => socket.connected)) {
      if (monotonicMs() > deadline) throw new Error(`clients ${start}..${start + wave - 1} did not connect`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  return (monotonicMs() - started) / 1000;
}

// Orphaned (the bench ended or crashed): nothing left to do.
process.on('disconnect', () => process.exit(0));
process.on('message', (command: ClientCommand) => {
  switch (command.type) {
    case 'connect':
      connectAll(command.address, command.cookies, command.wave).then(
        (seconds) => report({ type: 'connected', seconds }),
        (error: Error) => report({ type: 'failed', message: error.message }),
      );
      break;
    case 'disconnect':
      for (const socket of sockets.slice(command.from)) socket.disconnect();
      break;
    case 'report':
      report({
        type: 'report',
        connectErrors,
        refusals,
        rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
      });
      break;
    case 'close':
      for (const socket of sockets) socket.disconnect();
      process.disconnect();
      break;
  }
});
