// The people of `npm run chaos`: customers sending keyed orders and watching their sockets, designers
// searching and completing, moderators approving. Each socket goes through the load balancer's choice
// of instance and, when it drops, comes back on the other one after a delay, as a browser would.
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '@retouch/shared/constants';
import { SocketEvent, type SocketError } from '@retouch/shared/realtime';
import type { ChaosInstance, LoadBalancer } from './chaos-cluster';

/** A socket's connection to one instance, from its connect to its disconnect. */
export interface Connection {
  instance: ChaosInstance;
  from: number;
  to?: number;
}

/** When the bench saw an order reach a condition (the moment of the answer or event that did it). */
export interface OrderMoments {
  customer: Customer;
  sentAt: number;
  acceptedAt: number;
  resultAt?: number;
  doneAt?: number;
}

/**
 * What happened to the orders, by order id. Dispatches are kept apart: an order is offered to a designer
 * as its send commits, often before the customer has the answer that names it.
 */
export class Journal {
  readonly orders = new Map<string, OrderMoments>();
  /** Each `order for executor` of an order a designer received (a requeued order is received again). */
  readonly dispatches = new Map<string, number[]>();

  dispatched(orderId: string, at: number): void {
    this.dispatches.set(orderId, [...(this.dispatches.get(orderId) ?? []), at]);
  }

  dispatchesOf(orderId: string): number[] {
    return this.dispatches.get(orderId) ?? [];
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the acknowledgement an event came with (its last argument), as the web app does. */
function confirm(args: unknown[]): void {
  const last = args.at(-1);
  if (typeof last === 'function') (last as () => void)();
}

/**
 * A socket that reconnects by itself: on a drop, after `reconnectMs`, to the other instance than the one
 * it lost (the load balancer noticing), and again on every failed attempt.
 */
abstract class Person {
  socket: Socket | undefined;
  readonly connections: Connection[] = [];
  readonly refetches: number[] = [];
  private closed = false;

  constructor(
    readonly email: string,
    readonly cookie: string,
    protected readonly lb: LoadBalancer,
    private readonly reconnectMs: number,
  ) {}

  /** Connected now, and to which instance. */
  get current(): Connection | undefined {
    const last = this.connections.at(-1);
    return last && last.to === undefined ? last : undefined;
  }

  connect(instance: ChaosInstance = this.lb.pick()): void {
    if (this.closed) return;
    const socket = io(instance.url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: this.cookie },
    });
    this.socket = socket;
    let connection: Connection | undefined;
    socket.on('connect', () => {
      connection = { instance, from: Date.now() };
      this.connections.push(connection);
      this.onConnect(socket);
    });
    socket.on('disconnect', () => {
      if (connection) connection.to = Date.now();
      this.reconnect(instance);
    });
    socket.on('connect_error', () => this.reconnect(instance));
    socket.on(SocketEvent.refetch, () => this.refetches.push(Date.now()));
    this.listen(socket);
  }

  private reconnect(lost: ChaosInstance): void {
    if (this.closed) return;
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    void sleep(this.reconnectMs).then(() => this.connect(this.lb.other(lost)));
  }

  /** Closes the socket for good (the end of a scenario). */
  close(): void {
    this.closed = true;
    const connection = this.current;
    if (connection) connection.to = Date.now();
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
  }

  protected abstract onConnect(socket: Socket): void;
  protected abstract listen(socket: Socket): void;
}

export class Customer extends Person {
  /** The `change orders` heard: condition by order. */
  readonly heard = new Map<string, Set<number>>();

  protected onConnect(): void {
    // The web app reads its screen again on every connect; nothing to count here.
  }

  protected listen(socket: Socket): void {
    socket.on(SocketEvent.changeOrders, ({ orderId, condition }: { orderId: string; condition: number }) => {
      const conditions = this.heard.get(orderId) ?? new Set<number>();
      conditions.add(condition);
      this.heard.set(orderId, conditions);
    });
  }
}

/** What a designer or moderator does with the work it is given; shared by both. */
abstract class Staff extends Person {
  protected holding: string | undefined;
  private searchRetry: NodeJS.Timeout | undefined;

  constructor(
    email: string,
    cookie: string,
    lb: LoadBalancer,
    reconnectMs: number,
    protected readonly workMs: number,
    protected readonly journal: Journal,
  ) {
    super(email, cookie, lb, reconnectMs);
  }

  protected abstract readonly findEvent: string;
  protected abstract readonly workEvent: string;
  /** Finishes the order in hand; answers the status. */
  protected abstract finish(orderId: string): Promise<number>;
  protected abstract received(orderId: string): void;

  protected onConnect(socket: Socket): void {
    // The cabinet asks again on every connect while it has nothing in hand (the server greets a holder).
    if (!this.holding) socket.emit(this.findEvent, true);
  }

  protected listen(socket: Socket): void {
    socket.on(this.workEvent, (order: { _id: string }, ...rest: unknown[]) => {
      confirm(rest);
      if (this.holding === order._id) return;
      this.holding = order._id;
      this.received(order._id);
      void this.work(order._id);
    });
    // A search the server could not record (the database away): asked again shortly, as the cabinet does.
    socket.on(SocketEvent.errors, (error: SocketError) => {
      if (error.status < 500 || this.holding) return;
      clearTimeout(this.searchRetry);
      this.searchRetry = setTimeout(() => this.search(), 2000);
    });
    socket.on(SocketEvent.orderCancelled, () => {
      this.holding = undefined;
      this.search();
    });
  }

  private search(): void {
    if (!this.holding && this.socket?.connected) this.socket.emit(this.findEvent, true);
  }

  private async work(orderId: string): Promise<void> {
    await sleep(this.workMs);
    for (;;) {
      if (this.holding !== orderId) return;
      const status = await this.finish(orderId);
      if (status === 200 || (status >= 400 && status < 500)) break;
      // The server did not answer (an outage): the cabinet sends it again a little later.
      await sleep(2000);
    }
    this.holding = undefined;
    this.search();
  }
}

export class Designer extends Staff {
  protected readonly findEvent = SocketEvent.executorFind;
  protected readonly workEvent = SocketEvent.orderForExecutor;
  /** Every order received, and when: for the ghost count. */
  readonly assignments: Array<{ orderId: string; at: number }> = [];

  constructor(
    email: string,
    cookie: string,
    lb: LoadBalancer,
    reconnectMs: number,
    workMs: number,
    journal: Journal,
    private readonly result: () => FormData,
  ) {
    super(email, cookie, lb, reconnectMs, workMs, journal);
  }

  protected received(orderId: string): void {
    const at = Date.now();
    this.assignments.push({ orderId, at });
    this.journal.dispatched(orderId, at);
  }

  protected async finish(orderId: string): Promise<number> {
    const answer = await this.lb.request('POST', '/api/admin/orders/executor/completed', {
      cookie: this.cookie,
      body: this.result(),
    });
    const moments = this.journal.orders.get(orderId);
    if (answer.status === 200 && moments) moments.resultAt = Date.now();
    return answer.status;
  }
}

export class Moderator extends Staff {
  protected readonly findEvent = SocketEvent.reviewFind;
  protected readonly workEvent = SocketEvent.orderForReview;

  protected received(): void {}

  protected async finish(orderId: string): Promise<number> {
    const answer = await this.lb.request('POST', '/api/admin/orders/review/completed/resolve', {
      cookie: this.cookie,
    });
    const moments = this.journal.orders.get(orderId);
    if (answer.status === 200 && moments) moments.doneAt = Date.now();
    return answer.status;
  }
}

/** One keyed send through the load balancer (retried once on the other instance when it may be). */
export async function sendOrder(
  lb: LoadBalancer,
  customer: Customer,
  form: () => FormData,
  journal: Journal,
): Promise<{ status: number; orderId?: string }> {
  const sentAt = Date.now();
  const answer = await lb.request('POST', '/api/orders/create', {
    cookie: customer.cookie,
    body: form(),
    key: randomUUID(),
  });
  if (answer.status !== 201) return { status: answer.status };
  const orderId = (answer.body as { _id: string })._id;
  journal.orders.set(orderId, { customer, sentAt, acceptedAt: Date.now() });
  return { status: 201, orderId };
}
