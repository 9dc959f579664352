import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_MINUTES, estimateQueue, expectedMinutes, learnRates, type EtaOrder } from './eta';

const MINUTE = 60_000;
const now = new Date('2026-11-24T12:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);
const order = (id: string, services: Array<[string, number]>): EtaOrder => ({
  id,
  plannedMinutes: 10 + services.reduce((sum, [, minutes]) => sum + minutes, 0),
  services: services.map(([serviceId, minutes]) => ({ serviceId, minutes })),
});
describe('learnRates', () => {
  it('finds the minutes every order takes and each service’s pace from whole orders', () => {
    // Truth: 3 minutes per order, teeth at half its plan, body at 1.2 times its plan.
    const samples = Array.from({ length: 60 }, (_, i) => {
      const teeth = 5 * (i % 3);
      const body = 30 * (i % 2);
      const services = [
        ...(teeth ? [{ serviceId: 'teeth', minutes: teeth }] : []),
        ...(body ? [{ serviceId: 'body', minutes: body }] : []),
        { serviceId: 'eyes', minutes: 5 },
      ];
      return {
        plannedMinutes: 10 + teeth + body + 5,
        actualMinutes: 3 + teeth * 0.5 + body * 1.2 + 5 * 0.8,
        services,
      };
    });
    const rates = learnRates(samples, [4, 6, 8]);
    // Near the truth: the prior pulls each rate a little towards the overall one.
    expect(Math.abs(rates.fixedMinutes - 3)).toBeLessThan(1);
    expect(Math.abs(rates.byService.get('teeth')! - 0.5)).toBeLessThan(0.1);
    expect(Math.abs(rates.byService.get('body')! - 1.2)).toBeLessThan(0.05);
    expect(rates.reviewMinutes).toBe(6);
  });

  it('leaves aside attempts far from their plan, and knows only the plan before enough work', () => {
    const few = [{ plannedMinutes: 20, actualMinutes: 10, services: [{ serviceId: 'teeth', minutes: 10 }] }];
    expect(learnRates(few, [])).toEqual({
      fitted: false,
      fixedMinutes: 0,
      byService: new Map(),
      overall: 0.5,
      reviewMinutes: DEFAULT_REVIEW_MINUTES,
    });
    const forgotten = [{ plannedMinutes: 20, actualMinutes: 600, services: [] }];
    expect(learnRates(forgotten, []).overall).toBe(1);
  });
});

describe('expectedMinutes', () => {
  it('adds each service at its rate (the overall one when unknown) to the fixed minutes', () => {
    const rates = {
      fitted: true,
      fixedMinutes: 3,
      byService: new Map([['teeth', 0.5]]),
      overall: 1.5,
      reviewMinutes: 5,
    };
    expect(
      expectedMinutes(
        order('o', [
          ['teeth', 10],
          ['body', 30],
        ]),
        rates,
      ),
    ).toBe(3 + 5 + 45);
  });
});

describe('estimateQueue', () => {
  // The plan as it is: the fixed 10 minutes, every service at its planned minutes.
  const rates = {
    fitted: true,
    fixedMinutes: 10,
    byService: new Map<string, number>(),
    overall: 1,
    reviewMinutes: 5,
  };

  it('schedules waiting orders, oldest first, on the designer free first, then adds review', () => {
    const etas = estimateQueue({
      now,
      rates,
      // A holder busy for 20 more minutes and one free designer.
      held: [{ ...order('held', [['a', 20]]), startedAt: at(-10), onShift: true }],
      waiting: [order('w1', [['a', 20]]), order('w2', [['a', 5]]), order('w3', [['a', 5]])],
      inReview: [{ id: 'r', resultAt: at(-2) }],
      designersOnShift: 2,
    });
    expect(etas.get('held')).toEqual(at(20 + 5));
    expect(etas.get('w1')).toEqual(at(30 + 5)); // the free designer, now
    expect(etas.get('w2')).toEqual(at(20 + 15 + 5)); // the holder, once done
    expect(etas.get('w3')).toEqual(at(30 + 15 + 5)); // the first again
    expect(etas.get('r')).toEqual(at(3));
  });

  it('gives waiting orders no estimate while no designer is on shift; a holder off shift takes nothing more', () => {
    const etas = estimateQueue({
      now,
      rates,
      held: [{ ...order('held', [['a', 20]]), startedAt: at(0), onShift: false }],
      waiting: [order('w1', [['a', 20]])],
      inReview: [],
      designersOnShift: 0,
    });
    expect(etas.get('held')).toEqual(at(35));
    expect(etas.has('w1')).toBe(false);
  });

  it('expects an order running late in a minute, never in the past', () => {
    const etas = estimateQueue({
      now,
      rates,
      held: [{ ...order('late', [['a', 5]]), startedAt: at(-60), onShift: true }],
      waiting: [],
      inReview: [{ id: 'slow review', resultAt: at(-60) }],
      designersOnShift: 1,
    });
    expect(etas.get('late')).toEqual(at(1 + 5));
    expect(etas.get('slow review')).toEqual(at(1));
  });
});
