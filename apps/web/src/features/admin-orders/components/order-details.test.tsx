import type { StaffOrder, StaffProcessingStep } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StaffOrderText } from '@/components/staff-order/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch, type MockAnswer } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { catchDownloads } from '@/test/saved-downloads';
import { renderApp } from '@/test/render-app';
import { aStaffOrder, staffOrderClient } from '@/test/staff-order-fixtures';
import { AdminOrdersUiText } from '../texts';

/** The order details (/admin/info/order/{id}): the client's message, the moderators, the result download. */
const ORDER_ID = 'b7e2c1d4-5f60-4a8b-9c1d-2e3f4a5b6c7d';
const admin = aUser({ email: 'admin@retouch.local', role: { title: 'Admin' }, isAdmin: true });
const client = staffOrderClient;

/** A designer's completed attempt; with `review`, reviewed by the moderator of that e-mail. */
function aStep(id: string, review?: { email: string | null }): StaffProcessingStep {
  return {
    _id: id,
    createdAt: '2026-11-01T10:10:00.000Z',
    executor: {
      _id: 'designer-1',
      email: 'designer@retouch.local',
      dateStart: '2026-11-01T10:10:00.000Z',
      dateEnd: '2026-11-01T10:40:00.000Z',
      timeExtension: false,
      result: { status: 1, picture: '/api/files/result.jpg', reason: null },
    },
    client: null,
    review: review
      ? {
          _id: 'moderator-1',
          email: review.email,
          dateStart: '2026-11-01T10:41:00.000Z',
          dateEnd: '2026-11-01T10:45:00.000Z',
          result: { status: 0, picture: null, message: 'Мягче тени' },
        }
      : null,
  };
}

function anOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  return aStaffOrder({ _id: ORDER_ID, ...overrides });
}

function openDetails(order: StaffOrder, answers: Record<string, MockAnswer> = {}) {
  setSessionFlags({ isAdmin: true });
  const api = mockFetch({
    'GET /api/user/info': { body: admin },
    'GET /api/admin/permissions/user': { body: [0, 4].map((sign) => ({ sign, status: true })) },
    [`GET /api/admin/orders/order/${ORDER_ID}`]: { body: order },
    'GET /api/admin/user/info/client-1': {
      body: {
        ...client,
        balance: { main: 5, bonus: 20 },
        role: { title: 'User' },
        createdAt: order.createdAt,
      },
    },
    'GET /api/admin/orders/user/client-1': { body: { orders: [] } },
    ...answers,
  });
  return { ...renderApp(`/admin/info/order/${ORDER_ID}`), ...api };
}

const card = (title: string) => within(screen.getByText(title).closest<HTMLElement>('.ant-card')!);
/** The order's card, once it is shown. */
async function summary() {
  await screen.findByText(`${AdminOrdersUiText.order} ${ORDER_ID}`);
  return card(`${AdminOrdersUiText.order} ${ORDER_ID}`);
}
/** What the order's card says under `label`. */
async function described(label: string) {
  const labelCell = (await summary()).getByText(label, { selector: '.ant-descriptions-item-label' });
  return labelCell.nextElementSibling as HTMLElement;
}
/** The processing history's cells under `header`, a row after another. */
function historyColumn(header: string): string[] {
  const [headerRow, ...rows] = card(StaffOrderText.history).getAllByRole('row');
  const index = within(headerRow!)
    .getAllByRole('columnheader')
    .findIndex((cell) => cell.textContent === header);
  expect(index).toBeGreaterThanOrEqual(0);
  return rows.map((row) => within(row).getAllByRole('cell')[index]?.textContent ?? '');
}

beforeAll(async () => {
  await import('@/pages/admin/admin-area');
  await import('@/pages/admin/order-info-page');
});

describe("the client's message", () => {
  it('shows in the order card as the client wrote it, line breaks kept', async () => {
    openDetails(anOrder({ message: 'Фон посветлее\nБез фильтров, пожалуйста' }));
    const message = await described(AdminOrdersUiText.clientMessage);
    const asWritten = within(message).getByText('Фон посветлее\nБез фильтров, пожалуйста', {
      normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
    });
    expect(asWritten).toHaveStyle({ whiteSpace: 'pre-line' });
  });

  it("shows '—' when the client wrote nothing", async () => {
    openDetails(anOrder({ message: '' }));
    expect(await described(AdminOrdersUiText.clientMessage)).toHaveTextContent(/^—$/);
  });
});

describe('the moderator', () => {
  // Oldest first: two reviewed attempts, one whose moderator has no e-mail any more, one not reviewed yet.
  const processing = [
    aStep('step-1', { email: 'first-moderator@retouch.local' }),
    aStep('step-2', { email: 'moderator@retouch.local' }),
    aStep('step-3', { email: null }),
    aStep('step-4'),
  ];

  it('of each attempt shows in the history, with — where there is none', async () => {
    openDetails(anOrder({ processing }));
    await summary();
    expect(historyColumn(StaffOrderText.historyModerator)).toEqual([
      'first-moderator@retouch.local',
      'moderator@retouch.local',
      '—',
      '—',
    ]);
  });

  it('of the newest attempt a known moderator reviewed shows in the order card', async () => {
    openDetails(anOrder({ processing }));
    expect(await described(AdminOrdersUiText.moderator)).toHaveTextContent(/^moderator@retouch\.local$/);
  });

  it("shows '—' in the order card while nobody has reviewed the order", async () => {
    openDetails(anOrder({ processing: [aStep('step-1')] }));
    expect(await described(AdminOrdersUiText.moderator)).toHaveTextContent(/^—$/);
  });
});

// Back office section 9: "Image compare sizes: base at most 800x500, comparison 700x400".
describe('the base picture', () => {
  it('is shown at most 800 by 500', async () => {
    openDetails(anOrder());
    await summary();
    const before = card(AdminOrdersUiText.pictures).getByRole('img', { name: 'До' });
    const bounds: Array<[string, string]> = [];
    for (let node: HTMLElement | null = before; node; node = node.parentElement) {
      bounds.push([node.style.maxWidth, node.style.maxHeight]);
    }
    expect(bounds.map(([width]) => width)).toContain('800px');
    expect(bounds.map(([, height]) => height)).toContain('500px');
    expect(bounds.flat()).not.toContain('700px');
    expect(bounds.flat()).not.toContain('400px');
  });
});

describe('the result download', () => {
  afterEach(() => vi.restoreAllMocks());

  // Customer side section 2 (file name image.jpg) and back office section 7 (fetched as blobs), everywhere.
  it('saves the final picture beside the original and the draft, as a blob named image.jpg', async () => {
    const { saved: names } = catchDownloads();
    const { user, callsTo } = openDetails(
      anOrder({ condition: OrderCondition.done, finalPicture: '/api/files/final.jpg' }),
      { 'GET /api/files/final.jpg': { body: 'jpeg bytes' } },
    );
    await summary();
    const pictures = card(AdminOrdersUiText.pictures);
    expect(pictures.getByRole('button', { name: AdminOrdersUiText.downloadOriginal })).toBeInTheDocument();
    expect(pictures.getByRole('button', { name: AdminOrdersUiText.downloadDraft })).toBeInTheDocument();

    await user.click(pictures.getByRole('button', { name: AdminOrdersUiText.downloadResult }));
    await waitFor(() => expect(names).toEqual(['image.jpg']));
    expect(callsTo('GET', '/api/files/final.jpg')).toHaveLength(1);
  });

  it("saves the designer's completed picture while there is no final one", async () => {
    const { saved: names } = catchDownloads();
    const { user, callsTo } = openDetails(
      anOrder({ condition: OrderCondition.resultReview, completed: { picture: '/api/files/completed.png' } }),
      { 'GET /api/files/completed.png': { body: 'png bytes' } },
    );
    await summary();
    await user.click(screen.getByRole('button', { name: AdminOrdersUiText.downloadResult }));
    await waitFor(() => expect(names).toEqual(['image.jpg']));
    expect(callsTo('GET', '/api/files/completed.png')).toHaveLength(1);
  });

  it('is not offered before there is a result', async () => {
    openDetails(anOrder());
    await summary();
    expect(screen.getByRole('button', { name: AdminOrdersUiText.downloadDraft })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: AdminOrdersUiText.downloadResult })).not.toBeInTheDocument();
  });
});
