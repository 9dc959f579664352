import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, as PushManager makes them. */
export interface BrowserKeys {
  ecdh: ECDH;
  auth: string;
  p256dh: string;
}

function newBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/** What the browser would read from a push encrypted for its keys (aes128gcm). */
export function decryptPush(push: ReceivedPush, keys: BrowserKeys): unknown {
  const plain = decrypt(push.body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth });
  return JSON.parse(plain.toString('utf8'));
}

/**
 * A push service on this machine: it keeps what it receives and answers 201, or the status set for a
 * path (410 for a subscription that is gone).
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    received,
    origin,
    /** A fresh endpoint on this service with a browser's keys: the body of POST /api/push/subscriptions. */
    subscription(status?: number) {
      next += 1;
      const path = `/push/${next}-${randomBytes(4).toString('hex')}`;
      if (status) statuses.set(path, status);
      const keys = newBrowserKeys();
      return {
        path,
        keys,
        body: { endpoint: `${origin}${path}`, keys: { p256dh: keys.p256dh, auth: keys.auth } },
      };
    },
    pushesTo: (path: string) => received.filter((push) => push.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
