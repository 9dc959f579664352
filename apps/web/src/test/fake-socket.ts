import { vi } from 'vitest';

/** What the socket.io-client mock hands out: records listeners and lets a test play server events. */
export class FakeSocket {
  static created: FakeSocket[] = [];

  active = false;
  connected = false;
  readonly listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  // Connected as soon as asked, unlike socket.io: the tests that need the way there play 'connect' and
  // 'disconnect' themselves.
  readonly connect = vi.fn(() => {
    this.active = true;
    this.connected = true;
    return this;
  });
  readonly disconnect = vi.fn(() => {
    this.active = false;
    this.connected = false;
    return this;
  });

  constructor(
    readonly uri: string,
    readonly options: Record<string, unknown>,
  ) {
    FakeSocket.created.push(this);
  }

  on(event: string, listener: (...args: unknown[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  /** Plays an event as if the server had sent it, with its arguments (an acknowledgement's callback last). */
  serverEmit(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect' || event === 'connect_error') this.connected = false;
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }
}
