// What bench/sockets.ts and its client process (bench/socket-clients.ts) say to each other over IPC.
// Kept apart from the client process's code, whose message listener would keep an importer alive.

export type ClientCommand =
  | { type: 'connect'; address: string; cookies: string[]; wave: number }
  | { type: 'disconnect'; from: number }
  | { type: 'report' }
  | { type: 'close' };

export type ClientReport =
  | { type: 'connected'; seconds: number }
  | { type: 'failed'; message: string }
  | { type: 'delivery'; orderId: string; client: number; at: number }
  | { type: 'connect'; client: number; at: number }
  | { type: 'disconnect'; client: number; reason: string; at: number }
  | { type: 'report'; connectErrors: number; refusals: number; rssMb: number };

/** Milliseconds of the system's monotonic clock, comparable between processes. */
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;
