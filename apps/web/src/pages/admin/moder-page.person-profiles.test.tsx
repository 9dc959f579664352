import type { CabinetSnapshot, StaffOrder } from '@retouch/shared/dispatch';
import { DispatchText } from '@retouch/shared/dispatch';
import { AdminPersonProfileText } from '@retouch/shared/person-profiles';
import { OrderCondition } from '@retouch/shared/orders';
import { act, screen, within } from '@testing-library/react';
import { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModeratorText } from '@/features/moderator-workplace/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { aStaffOrder } from '@/test/staff-order-fixtures';

const OFF_SHIFT_CABINET: CabinetSnapshot = {
  shift: { startDate: null },
  order: null,
  extensionOffer: false,
  holderGraceSeconds: 60,
};
const moderator = aUser({ email: 'moderator@retouch.local', role: { title: 'Moderator' }, isAdmin: true });

beforeAll(async () => {
  Object.assign(FakeSocket.prototype, { emit: vi.fn() });
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/moder-page');
});

afterAll(() => {
  delete (FakeSocket.prototype as { emit?: unknown }).emit;
});

function orderWithProfile(): StaffOrder {
  const step = {
    _id: 'step-1',
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    client: null,
    executor: {
      _id: 'designer-1',
      email: 'designer@retouch.local',
      dateStart: new Date(Date.now() - 60_000).toISOString(),
      dateEnd: new Date().toISOString(),
      timeExtension: false,
      result: { status: 1, picture: '/api/files/result.png', reason: null },
    },
    review: null,
  };
  return aStaffOrder({
    condition: OrderCondition.resultReview,
    message: 'Оставьте веснушки',
    persons: [
      { id: 'photo', orders: [], profile: null },
      {
        id: 'Person 1',
        orders: [],
        profile: {
          name: 'Anna',
          notes: 'Natural look',
          checklist: ['Keep the freckles', 'No body reshaping'],
        },
      },
    ],
    processing: [step],
    currentProcessing: step,
  });
}

describe("the moderator's workplace", () => {
  it("shows the customer's person profile of an order as a checklist the moderator ticks", async () => {
    setSessionFlags({ isAdmin: true });
    mockFetch({
      'GET /api/user/info': { body: moderator },
      'GET /api/admin/permissions/user': { body: [0, 5, 6].map((sign) => ({ sign, status: true })) },
      'GET /api/executor/state': { body: OFF_SHIFT_CABINET },
      'GET /api/executor/shift': { status: 404, body: { message: DispatchText.noShift } },
    });
    const { user } = renderApp('/admin/moder', {
      userEventOptions: { delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never },
    });
    await screen.findByRole('button', { name: ModeratorText.goOnDuty });
    act(() => FakeSocket.created.at(-1)!.serverEmit('order for review', orderWithProfile()));

    const region = await screen.findByRole('region', { name: AdminPersonProfileText.title });
    // Next to the customer's comment: the section that follows it.
    const comment = screen.getByRole('region', { name: ModeratorText.clientMessage });
    expect(comment.nextElementSibling?.contains(region) || comment.nextElementSibling === region).toBe(true);
    const section = within(region);
    const anna = within(
      section.getByRole('group', { name: AdminPersonProfileText.forPerson('Person 1', 'Anna') }),
    );
    expect(anna.getByText('Natural look')).toBeInTheDocument();
    const freckles = anna.getByRole('checkbox', { name: 'Keep the freckles' });
    await user.click(freckles);
    expect(freckles).toBeChecked();
    expect(anna.getByRole('checkbox', { name: 'No body reshaping' })).not.toBeChecked();
  });
});
