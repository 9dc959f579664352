import type { StaffOrder, StaffProcessingStep } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';

/** The client of the staff-side orders below. */
export const staffOrderClient = {
  _id: 'client-1',
  email: 'ann@example.com',
  name: { giveName: 'Ann', familyName: 'Lee' },
};

/** An order as staff get it: in work, with its pictures, one person without services, no history yet. */
export function aStaffOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  return {
    _id: 'order-1',
    condition: OrderCondition.fixing,
    createdAt: '2026-11-01T10:00:00.000Z',
    cost: 12,
    tip: 0,
    executionTime: 60,
    dateStart: new Date().toISOString(),
    message: '',
    client: staffOrderClient,
    pictures: {
      original: '/api/files/original.jpg',
      thumbnail: '/api/files/original-thumb.webp',
      draft: '/api/files/draft.png',
      additional: null,
    },
    finalPicture: null,
    completed: { picture: null },
    refuseReason: null,
    finance: { costForExecutor: 7 },
    persons: [{ id: 'Person 1', orders: [] }],
    processing: [],
    currentProcessing: null,
    ...overrides,
  };
}

/**
 * A designer's attempt in an order's history, by `<id>@retouch.local`, ended with `status` (null: still
 * running).
 */
export function aDesignerAttempt(id: string, status: number | null): StaffProcessingStep {
  return {
    _id: id,
    createdAt: '2026-11-27T10:00:00.000Z',
    client: null,
    executor: {
      _id: 'designer-1',
      email: `${id}@retouch.local`,
      dateStart: '2026-11-27T10:00:00.000Z',
      dateEnd: status === null ? null : '2026-11-27T10:30:00.000Z',
      timeExtension: false,
      result: { status, picture: null, reason: null },
    },
    review: null,
  };
}
