// What every benchmark shares: percentiles, the machine it ran on, and writing bench/results/<name>.json.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const RESULTS_DIR = path.join(import.meta.dirname, 'results');

/** The nearest-rank percentile of the values (p in 0..100). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Milliseconds to one decimal. */
export const round = (ms: number) => Math.round(ms * 10) / 10;

/** p50/p95/p99/max of a set of timings, rounded. */
export function summarise(values: number[]) {
  return {
    samples: values.length,
    p50Ms: round(percentile(values, 50)),
    p95Ms: round(percentile(values, 95)),
    p99Ms: round(percentile(values, 99)),
    maxMs: round(Math.max(...values)),
  };
}

/** The machine a result was measured on. */
export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** Writes bench/results/<name>.json with the date and the machine in front of the figures. */
export async function writeResult(name: string, figures: Record<string, unknown>): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  const report = { date: new Date().toISOString(), machine: machine(), ...figures };
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written to ${path.relative(process.cwd(), file) || file}`);
  return file;
}

/** Prints a titled table of rows. */
export function printTable(title: string, rows: Array<Record<string, unknown>>) {
  console.log(`\n${title}`);
  console.table(rows);
}

/** A figure a bench measured against the goal it must reach (issue 20). */
export interface Goal {
  /** What was measured, as the README's goals table names it. */
  measure: string;
  /** The figure, formatted with its unit. */
  figure: string;
  /** The goal, formatted with its comparison and unit (`≤ 170 KiB`). */
  goal: string;
  met: boolean;
}

const COMPARE = {
  '<': (value: number, limit: number) => value < limit,
  '≤': (value: number, limit: number) => value <= limit,
  '≥': (value: number, limit: number) => value >= limit,
} as const;

/**
 * A goal checked: `goal('landing JS, gzip', 152.3, '≤', 170, 'KiB')`. A figure that is not a finite
 * number (a bench that could not measure it) misses the goal.
 */
export function goal(
  measure: string,
  value: number,
  compare: keyof typeof COMPARE,
  limit: number,
  unit = '',
): Goal {
  const withUnit = (n: number) => (unit ? `${n} ${unit}` : String(n));
  return {
    measure,
    figure: Number.isFinite(value) ? withUnit(value) : 'not measured',
    goal: `${compare} ${withUnit(limit)}`,
    met: Number.isFinite(value) && COMPARE[compare](value, limit),
  };
}

/** Prints the goals of one bench, each with PASS or MISS. */
export function printGoals(goals: Goal[]) {
  printTable(
    'Goals',
    goals.map((g) => ({
      measure: g.measure,
      figure: g.figure,
      goal: g.goal,
      result: g.met ? 'PASS' : 'MISS',
    })),
  );
}

/** The goals a bench wrote into bench/results/<name>.json, with the date they were measured. */
export function readGoals(name: string): { date: string; goals: Goal[] } | undefined {
  const file = path.join(RESULTS_DIR, `${name}.json`);
  if (!existsSync(file)) return undefined;
  const result = JSON.parse(readFileSync(file, 'utf8')) as { date: string; goals?: Goal[] };
  return result.goals ? { date: result.date, goals: result.goals } : undefined;
}
