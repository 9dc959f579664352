// `npm run bench:eta -w @retouch/bench`: replays simulated days of a retouch service (arrivals, designers'
// shifts, handling and review times from a seeded random model) through the server's estimator
// (packages/shared/src/eta.ts), asking it at every send when the result will come, and compares with
// when it came. Reports the median absolute error relative to the actual wait; the goal is under 20 %.
import { estimateQueue, learnRates, type EtaOrder, type HandlingSample } from '@retouch/shared/eta';
import { percentile, printTable, writeResult } from './report';

const SEED = Number(process.env.BENCH_ETA_SEED ?? 20261124);
const DAYS = Number(process.env.BENCH_ETA_DAYS ?? 8);
const GOAL = 0.2;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** mulberry32: a small seeded generator, so that every run replays the same days. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(SEED);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
/** Log-normal with median 1 and the given spread. */
const noise = (sigma: number) => {
  const u = Math.max(random(), 1e-12);
  const v = random();
  return Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
};
const exponential = (mean: number) => -Math.log(Math.max(random(), 1e-12)) * mean;

/** The catalogue: planned minutes, and how fast designers really are against that plan. */
const SERVICES = [
  { id: 'teeth', minutes: 5, truth: 0.6 },
  { id: 'skin', minutes: 15, truth: 0.9 },
  { id: 'eyes', minutes: 5, truth: 0.5 },
  { id: 'hair', minutes: 20, truth: 1.1 },
  { id: 'body', minutes: 30, truth: 1.2 },
  { id: 'background', minutes: 10, truth: 0.7 },
  { id: 'makeup', minutes: 15, truth: 0.8 },
  { id: 'wrinkles', minutes: 10, truth: 0.6 },
];
/** Designers with their speed and their shift (hours of the day). */
const DESIGNERS = [
  { speed: 0.9, from: 8, to: 16 },
  { speed: 1.1, from: 8, to: 16 },
  { speed: 1.0, from: 10, to: 18 },
  { speed: 0.8, from: 12, to: 20 },
  { speed: 1.2, from: 14, to: 22 },
  { speed: 1.0, from: 16, to: 23 },
];
/** Orders an hour, by hour of the day: quiet at night, a peak at midday and in the evening. */
const ARRIVALS_PER_HOUR = [
  0.5, 0.3, 0.2, 0.2, 0.2, 0.3, 0.5, 1, 2, 3, 4, 5, 6, 5.5, 4.5, 4, 4, 4.5, 5.5, 6, 5, 3.5, 2, 1,
];

interface SimOrder extends EtaOrder {
  arrivedAt: number;
  predictedAt?: number;
  startedAt?: number;
  designer?: number;
  resultAt?: number;
  readyAt?: number;
}

const orders: SimOrder[] = [];
const queue: SimOrder[] = [];
const held = new Map<number, SimOrder>();
const inReview = new Set<SimOrder>();
const samples: HandlingSample[] = [];
const reviewSamples: number[] = [];
const onShift = new Set<number>();

type Event = { at: number; run: () => void };
const events: Event[] = [];
const schedule = (at: number, run: () => void) => {
  events.push({ at, run });
  events.sort((a, b) => a.at - b.at);
};

function newOrder(id: number, now: number): SimOrder {
  const persons = 1 + Math.floor(random() * 2);
  const services: Array<{ serviceId: string; minutes: number }> = [];
  for (let person = 0; person < persons; person += 1) {
    const count = 1 + Math.floor(random() * 2);
    for (let i = 0; i < count; i += 1) {
      const service = pick(SERVICES);
      services.push({ serviceId: service.id, minutes: service.minutes });
    }
  }
  const plannedMinutes = 10 + services.reduce((sum, service) => sum + service.minutes, 0);
  return { id: `o${id}`, plannedMinutes, services, arrivedAt: now };
}

/** How long the designer really takes: each service at its true rate, the designer's pace, noise. */
function handlingMinutes(order: SimOrder, designer: number): number {
  const work = order.services.reduce(
    (sum, service) => sum + service.minutes * SERVICES.find((known) => known.id === service.serviceId)!.truth,
    0,
  );
  return (3 + work) * DESIGNERS[designer]!.speed * noise(0.25);
}

/** Dispatch: the oldest waiting order to the designer on shift who has been free longest. */
const freeSince = new Map<number, number>();
function dispatch(now: number) {
  for (;;) {
    const free = [...onShift].filter((designer) => !held.has(designer));
    if (free.length === 0 || queue.length === 0) return;
    free.sort((a, b) => (freeSince.get(a) ?? 0) - (freeSince.get(b) ?? 0));
    const designer = free[0]!;
    const order = queue.shift()!;
    order.startedAt = now;
    order.designer = designer;
    held.set(designer, order);
    schedule(now + handlingMinutes(order, designer) * MINUTE, () => finish(order, designer));
  }
}

function finish(order: SimOrder, designer: number) {
  const now = currentTime;
  held.delete(designer);
  freeSince.set(designer, now);
  order.resultAt = now;
  samples.push({
    plannedMinutes: order.plannedMinutes,
    actualMinutes: (now - order.startedAt!) / MINUTE,
    services: order.services,
  });
  inReview.add(order);
  schedule(now + 4 * noise(0.5) * MINUTE, () => {
    order.readyAt = currentTime;
    inReview.delete(order);
    reviewSamples.push((currentTime - order.resultAt!) / MINUTE);
  });
  dispatch(now);
}

/** What the server would answer at this moment for this waiting order. */
function predict(order: SimOrder, now: number): number | undefined {
  const recent = samples.slice(-500);
  const etas = estimateQueue({
    now: new Date(now),
    rates: learnRates(recent, reviewSamples.slice(-500)),
    waiting: queue,
    held: [...held].map(([designer, running]) => ({
      ...running,
      startedAt: new Date(running.startedAt!),
      onShift: onShift.has(designer),
    })),
    inReview: [...inReview].map((reviewed) => ({ id: reviewed.id, resultAt: new Date(reviewed.resultAt!) })),
    designersOnShift: onShift.size,
  });
  return etas.get(order.id)?.getTime();
}

let currentTime = 0;
let nextId = 0;
for (let day = 0; day < DAYS; day += 1) {
  for (const [index, designer] of DESIGNERS.entries()) {
    schedule(day * DAY + designer.from * HOUR, () => {
      onShift.add(index);
      freeSince.set(index, currentTime);
      dispatch(currentTime);
    });
    // Off shift: no new work; an order in hand is finished.
    schedule(day * DAY + designer.to * HOUR, () => onShift.delete(index));
  }
  for (let hour = 0; hour < 24; hour += 1) {
    let at = day * DAY + hour * HOUR + exponential(HOUR / ARRIVALS_PER_HOUR[hour]!);
    while (at < day * DAY + (hour + 1) * HOUR) {
      const arrival = at;
      schedule(arrival, () => {
        const order = newOrder(nextId++, currentTime);
        orders.push(order);
        queue.push(order);
        // Asked as the customer sends: the estimate the editor and the history show.
        order.predictedAt = predict(order, currentTime);
        dispatch(currentTime);
      });
      at += exponential(HOUR / ARRIVALS_PER_HOUR[hour]!);
    }
  }
}
while (events.length > 0) {
  const event = events.shift()!;
  currentTime = event.at;
  event.run();
}

// The first day teaches the rates; the later days are measured.
const measuredOrders = orders.filter((order) => order.arrivedAt >= DAY && order.readyAt !== undefined);
const estimated = measuredOrders.filter((order) => order.predictedAt !== undefined);
const errors = estimated.map(
  (order) => Math.abs(order.predictedAt! - order.readyAt!) / (order.readyAt! - order.arrivedAt),
);
const naiveErrors = estimated.map((order) => {
  // Today's static timer: the plan from the send, as if no queue and no review.
  const naive = order.arrivedAt + order.plannedMinutes * MINUTE;
  return Math.abs(naive - order.readyAt!) / (order.readyAt! - order.arrivedAt);
});
const waits = measuredOrders.map((order) => (order.readyAt! - order.arrivedAt) / MINUTE);
const figures = {
  seed: SEED,
  days: DAYS,
  measuredDays: DAYS - 1,
  orders: measuredOrders.length,
  withEstimate: estimated.length,
  withoutEstimate: measuredOrders.length - estimated.length,
  medianWaitMinutes: Math.round(percentile(waits, 50) * 10) / 10,
  p90WaitMinutes: Math.round(percentile(waits, 90) * 10) / 10,
  medianAbsoluteError: Math.round(percentile(errors, 50) * 1000) / 1000,
  p90AbsoluteError: Math.round(percentile(errors, 90) * 1000) / 1000,
  staticTimerMedianAbsoluteError: Math.round(percentile(naiveErrors, 50) * 1000) / 1000,
  goal: GOAL,
};
printTable('ETA against a simulated day', [figures]);
await writeResult('eta', figures);
if (!(figures.medianAbsoluteError < GOAL)) {
  console.log(`FAIL: median absolute error ${figures.medianAbsoluteError} is not under ${GOAL}`);
  process.exitCode = 1;
}
