import { z } from 'zod';

/**
 * The queue-aware estimate of when an order's result reaches its customer (docs/decisions/0026-eta.md):
 * learned handling rates per service, the orders ahead, and the designers on shift, scheduled the way
 * dispatch hands out work (oldest order to the designer free first). Pure: the server feeds it from the
 * database, the bench from a simulated day.
 */

/** A completed attempt: how long it took against what the order planned, and its services. */
export interface HandlingSample {
  /** Minutes the order planned (its executionTime). */
  plannedMinutes: number;
  /** Minutes the attempt took, start to result. */
  actualMinutes: number;
  /** Each chosen service with its planned minutes (a service chosen for two persons comes twice). */
  services: ReadonlyArray<{ serviceId: string; minutes: number }>;
}

/**
 * What is known of recent work: minutes an order takes whatever it holds, how fast each service goes
 * against its planned minutes, and how long review takes.
 */
export interface EtaRates {
  /** Whether the model below was fitted; before enough work, an order takes its plan at the overall rate. */
  fitted: boolean;
  /** Minutes every order takes besides its services (opening, checking, uploading). */
  fixedMinutes: number;
  /** Actual over planned minutes of each service with enough samples. */
  byService: ReadonlyMap<string, number>;
  /** The same for any other service; 1 when nothing is known. */
  overall: number;
  /** Minutes from a result to its approval. */
  reviewMinutes: number;
}

/** An order as the estimate sees it: its plan, and each service with its planned minutes. */
export interface EtaOrder {
  id: string;
  plannedMinutes: number;
  services: ReadonlyArray<{ serviceId: string; minutes: number }>;
}

/** Samples a service needs before its own rate is used instead of the overall one. */
export const MIN_SERVICE_SAMPLES = 5;
/** Minutes review takes when nothing was reviewed yet. */
export const DEFAULT_REVIEW_MINUTES = 5;
/** An order running past its expected time is expected this many minutes from now. */
const OVERDUE_MINUTES = 1;
const MINUTE_MS = 60_000;

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Pulls the per-service rates towards the overall one: a service seen a few times is not trusted alone. */
const PRIOR_WEIGHT = 200;

/** Solves the square system `a x = b` (Gaussian elimination with partial pivoting); undefined if singular. */
function solve(a: number[][], b: number[]): number[] | undefined {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1)
      if (Math.abs(m[row]![col]!) > Math.abs(m[pivot]![col]!)) pivot = row;
    if (Math.abs(m[pivot]![col]!) < 1e-9) return undefined;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let row = 0; row < n; row += 1) {
      if (row === col) continue;
      const factor = m[row]![col]! / m[col]![col]!;
      for (let k = col; k <= n; k += 1) m[row]![k]! -= factor * m[col]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * Learns from recent attempts: actual minutes ≈ fixed + Σ service minutes × the service's rate, fitted by
 * least squares pulled towards the overall rate (ridge), on attempts within 4× of their plan either way
 * (an attempt left aside for hours says nothing of the work). Review: the median of recent reviews.
 */
export function learnRates(samples: readonly HandlingSample[], reviewMinutes: readonly number[]): EtaRates {
  const usable = samples.filter(
    (sample) =>
      sample.plannedMinutes > 0 &&
      sample.actualMinutes > 0 &&
      sample.actualMinutes <= sample.plannedMinutes * 4 &&
      sample.actualMinutes >= sample.plannedMinutes / 4,
  );
  const review = median(reviewMinutes) ?? DEFAULT_REVIEW_MINUTES;
  const overall = median(usable.map((sample) => sample.actualMinutes / sample.plannedMinutes)) ?? 1;
  const counts = new Map<string, number>();
  for (const sample of usable) {
    for (const serviceId of new Set(sample.services.map((service) => service.serviceId))) {
      counts.set(serviceId, (counts.get(serviceId) ?? 0) + 1);
    }
  }
  const known = [...counts].filter(([, n]) => n >= MIN_SERVICE_SAMPLES).map(([serviceId]) => serviceId);
  const plain = {
    fitted: false,
    fixedMinutes: 0,
    byService: new Map<string, number>(),
    overall,
    reviewMinutes: review,
  };
  if (usable.length < MIN_SERVICE_SAMPLES * 2) return plain;
  // Unknowns: the fixed minutes, one rate per known service, one for the others together.
  const size = known.length + 2;
  const other = size - 1;
  const index = new Map(known.map((serviceId, i) => [serviceId, i + 1]));
  const ata = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  const atb = new Array<number>(size).fill(0);
  for (const sample of usable) {
    const row = new Array<number>(size).fill(0);
    row[0] = 1;
    for (const service of sample.services) row[index.get(service.serviceId) ?? other]! += service.minutes;
    for (let i = 0; i < size; i += 1) {
      atb[i]! += row[i]! * sample.actualMinutes;
      for (let j = 0; j < size; j += 1) ata[i]![j]! += row[i]! * row[j]!;
    }
  }
  // The prior: each rate near the overall one, the fixed part near nothing.
  for (let i = 1; i < size; i += 1) {
    ata[i]![i]! += PRIOR_WEIGHT;
    atb[i]! += PRIOR_WEIGHT * overall;
  }
  ata[0]![0]! += PRIOR_WEIGHT / 100;
  const fitted = solve(ata, atb);
  if (!fitted || fitted.some((value) => !Number.isFinite(value))) return plain;
  return {
    fitted: true,
    fixedMinutes: Math.max(0, fitted[0]!),
    byService: new Map(known.map((serviceId, i) => [serviceId, Math.max(0.05, fitted[i + 1]!)])),
    overall: Math.max(0.05, fitted[other]!),
    reviewMinutes: review,
  };
}

/** Minutes a designer is expected to take on the order: the fixed part, and its services at their rates. */
export function expectedMinutes(order: EtaOrder, rates: EtaRates): number {
  if (!rates.fitted || order.services.length === 0) return order.plannedMinutes * rates.overall;
  return order.services.reduce(
    (sum, service) => sum + service.minutes * (rates.byService.get(service.serviceId) ?? rates.overall),
    rates.fixedMinutes,
  );
}

export interface QueueState {
  now: Date;
  rates: EtaRates;
  /** Orders waiting for a designer, oldest first (the dispatch order). */
  waiting: readonly EtaOrder[];
  /** Orders designers hold, with when they took them and whether their designer is on shift. */
  held: ReadonlyArray<EtaOrder & { startedAt: Date; onShift: boolean }>;
  /** Orders with a result waiting for (or under) review, with when the result came. */
  inReview: ReadonlyArray<{ id: string; resultAt: Date }>;
  /** Designers on shift. */
  designersOnShift: number;
}

/**
 * When each unfinished order's result is expected to reach its customer. Orders waiting while no
 * designer is on shift have no estimate (nobody knows when one comes).
 */
export function estimateQueue(state: QueueState): Map<string, Date> {
  const now = state.now.getTime();
  const reviewMs = state.rates.reviewMinutes * MINUTE_MS;
  const etas = new Map<string, Date>();
  const floor = now + OVERDUE_MINUTES * MINUTE_MS;
  for (const order of state.inReview) {
    etas.set(order.id, new Date(Math.max(floor, order.resultAt.getTime() + reviewMs)));
  }
  // When each designer on shift is free: a holder once done, the others now. A holder off shift takes
  // nothing more.
  const free: number[] = [];
  for (const order of state.held) {
    const done = Math.max(floor, order.startedAt.getTime() + expectedMinutes(order, state.rates) * MINUTE_MS);
    etas.set(order.id, new Date(done + reviewMs));
    if (order.onShift) free.push(done);
  }
  while (free.length < state.designersOnShift) free.push(now);
  if (free.length === 0) return etas;
  for (const order of state.waiting) {
    free.sort((a, b) => a - b);
    const start = free[0]!;
    const done = start + expectedMinutes(order, state.rates) * MINUTE_MS;
    free[0] = done;
    etas.set(order.id, new Date(done + reviewMs));
  }
  return etas;
}

/** `GET /api/system/order/eta`: an order about to be sent, as its services and planned minutes. */
export const etaQuerySchema = z.object({
  /** Comma-separated service ids (options count as their service). */
  services: z
    .string()
    .max(4000)
    .default('')
    .transform((value) => value.split(',').filter((id) => id.length > 0)),
  minutes: z.coerce.number().int().min(1).max(100_000),
});

/**
 * Its answer: when a result sent now would come, null while no designer is on shift. Public, so the
 * time alone: queue sizes and the designers on shift are for staff (the back office's dashboard).
 */
export const etaAnswerSchema = z.object({
  eta: z.string().nullable(),
});
export type EtaAnswer = z.infer<typeof etaAnswerSchema>;

/** The estimate as customers read it (customer side, English). */
export const EtaText = {
  expectedBy: (time: string) => `Result expected by ${time}`,
  noDesigner: 'No designer is on shift right now: the estimate appears once one starts',
  noDesignerShort: 'No designer on shift yet',
  title: 'Estimated time',
} as const;
