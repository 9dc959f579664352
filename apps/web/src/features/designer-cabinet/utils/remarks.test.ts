import type { StaffProcessingStep } from '@retouch/shared/dispatch';
import { describe, expect, it } from 'vitest';
import { currentRemarks } from './remarks';

const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`;

function attempt(minute: number, review: { status: number; picture?: string; message?: string } | null) {
  return {
    _id: `step-${minute}`,
    createdAt: at(minute),
    executor: {
      _id: 'designer',
      email: 'designer@example.com',
      dateStart: at(minute),
      dateEnd: at(minute + 1),
      timeExtension: false,
      result: { status: 1, picture: '/api/files/result.jpg', reason: null },
    },
    client: null,
    review: review && {
      _id: 'moderator',
      email: 'moderator@example.com',
      dateStart: at(minute + 1),
      dateEnd: at(minute + 2),
      result: { status: review.status, picture: review.picture ?? null, message: review.message ?? null },
    },
  } satisfies StaffProcessingStep;
}

const revision = (minute: number, message: string): StaffProcessingStep => ({
  _id: `client-${minute}`,
  createdAt: at(minute),
  executor: null,
  client: { message },
  review: null,
});

describe("the designer's remarks of the current round", () => {
  it('are empty on a first attempt', () => {
    expect(currentRemarks({ processing: [] })).toEqual({ revision: null, fix: null });
  });

  it("show the moderator's latest Fix with its picture and comment", () => {
    const processing = [
      attempt(0, { status: 0, picture: '/api/files/first-fix.png', message: 'Whiter' }),
      attempt(3, { status: 0, picture: '/api/files/second-fix.png', message: 'Less white' }),
      attempt(6, null),
    ];
    expect(currentRemarks({ processing })).toEqual({
      revision: null,
      fix: { picture: '/api/files/second-fix.png', message: 'Less white' },
    });
  });

  it("start again at the customer's revision request: earlier fixes no longer apply", () => {
    const processing = [
      attempt(0, { status: 0, picture: '/api/files/old-fix.png', message: 'Old remark' }),
      attempt(3, { status: 1 }),
      revision(10, 'Please keep the freckles'),
      attempt(11, null),
    ];
    expect(currentRemarks({ processing })).toEqual({ revision: 'Please keep the freckles', fix: null });
  });

  it('keep a Fix made after the revision request together with the request', () => {
    const processing = [
      attempt(3, { status: 1 }),
      revision(10, 'Please keep the freckles'),
      attempt(11, { status: 0, picture: '/api/files/fix.png', message: 'Freckles are gone' }),
    ];
    expect(currentRemarks({ processing })).toEqual({
      revision: 'Please keep the freckles',
      fix: { picture: '/api/files/fix.png', message: 'Freckles are gone' },
    });
  });
});
