import { AccountUiText } from '@retouch/shared/accounts';
import { EtaText } from '@retouch/shared/eta';
import { OrderCondition, OrderText, type HistoryOrder } from '@retouch/shared/orders';
import { CustomerText } from '@retouch/shared/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatEta } from '@/components/order-eta/eta-time';
import { ReviewViewerText } from '@/components/review-viewer/review-viewer-texts';
import { OrderHistoryText } from '@/features/order-history/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { emulateWidth } from '@/test/viewport';

const ORDERS_PATH = '/api/orders/user/';

/** An entry of the history as the server presents it (user-language texts only). */
function anEntry(_id: string, title: string, picture: string, cost: number) {
  return {
    _id,
    isOptional: false,
    title: { user: title },
    description: { user: '' },
    picture,
    degreeAction: [],
    cost,
    active: true,
    edited: false,
  };
}

function anOrder(id: string, overrides: Partial<HistoryOrder> = {}): HistoryOrder {
  return {
    _id: id,
    condition: OrderCondition.done,
    createdAt: '2026-11-01T10:00:00.000Z',
    cost: 12,
    tip: 0,
    executionTime: 20,
    dateStart: '2026-11-01T10:01:00.000Z',
    eta: null,
    message: '',
    pictures: {
      original: `/api/files/${id}.jpg`,
      thumbnail: `/api/files/${id}-thumb.jpg`,
      draft: `/api/files/${id}-draft.png`,
      additional: null,
    },
    finalPicture: `/api/files/${id}-final.jpg`,
    completed: { picture: `/api/files/${id}-final.jpg` },
    picturesExpired: false,
    refuseReason: null,
    processing: [],
    currentProcessing: null,
    persons: [
      { id: 'photo', orders: [anEntry(`${id}-s1`, 'Skin', '/api/files/skin.webp', 5)] },
      { id: 'Person 1', orders: [anEntry(`${id}-s2`, 'Eyes', '/api/files/eyes.webp', 7)] },
    ],
    ...overrides,
  };
}

async function openHistory(
  orders: HistoryOrder[],
  total = orders.length,
  answers: Parameters<typeof mockFetch>[0] = {},
) {
  setSessionFlags({ isAdmin: false });
  const api = mockFetch({
    'GET /api/user/info': { body: aUser() },
    [`GET ${ORDERS_PATH}`]: { body: { orders, total } },
    ...answers,
  });
  const view = renderApp('/history');
  await screen.findByRole('heading', { name: OrderHistoryText.heading });
  return { ...view, ...api };
}

/** The query of the last order-list call. */
function lastOrdersQuery(callsTo: ReturnType<typeof mockFetch>['callsTo']) {
  const calls = callsTo('GET', ORDERS_PATH);
  return Object.fromEntries(new URL(calls.at(-1)!.url, 'http://host').searchParams);
}

const rowOf = (id: string) => document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`)!;

/** Media queries answered as a 390 px wide phone answers them. */
const onPhone = () => emulateWidth(390);

beforeAll(async () => {
  await import('@/pages/history-page');
});

describe('/history', () => {
  it('sends a logged-out visitor to /login and back here afterwards', async () => {
    const { location } = renderApp('/history');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(location().search).toBe('?redirect=/history');
  });

  it('shows the orders with their services, costs and progress texts', async () => {
    await openHistory([
      anOrder('o-new', { condition: OrderCondition.new }),
      anOrder('o-done'),
      anOrder('o-refused', { condition: OrderCondition.refused }),
    ]);
    expect(screen.getByText(AccountUiText.picturesKept)).toBeInTheDocument();
    const done = within(rowOf('o-done'));
    expect(done.getByText('photo')).toBeInTheDocument();
    expect(done.getByText('Person 1')).toBeInTheDocument();
    expect(done.getByText('Skin')).toBeInTheDocument();
    expect(done.getByText('5 coins')).toBeInTheDocument();
    expect(done.getByText('7 coins')).toBeInTheDocument();
    expect(done.getByRole('img', { name: OrderHistoryText.originalAlt })).toHaveAttribute(
      'src',
      '/api/files/o-done-thumb.jpg',
    );
    expect(within(rowOf('o-new')).getByText(OrderText.lookingForDesigner)).toBeVisible();
    expect(done.getByLabelText(OrderText.executed)).toBeInTheDocument();
    expect(within(rowOf('o-refused')).getByLabelText(OrderText.cancelled)).toBeInTheDocument();
  });

  it('keeps amounts on one line', async () => {
    await openHistory([anOrder('o-done')]);
    expect(within(rowOf('o-done')).getByText('5 coins')).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  // Issue 19: a waiting order looked like one in work at 0 %, and a late designer read as moderation.
  it('shows a waiting order as waiting, not as a progress of 0 %', async () => {
    await openHistory([
      anOrder('o-new', { condition: OrderCondition.new }),
      anOrder('o-requeued', { condition: OrderCondition.requeued }),
    ]);
    for (const id of ['o-new', 'o-requeued']) {
      const row = within(rowOf(id));
      expect(row.getByText(OrderText.lookingForDesigner)).toBeVisible();
      expect(row.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(row.queryByText(/0\s*%/)).not.toBeInTheDocument();
    }
  });

  it('says a late designer is taking longer, and moderation only while a moderator has the order', async () => {
    const late = { dateStart: '2020-01-01T00:00:00.000Z' };
    await openHistory([
      anOrder('o-late', { condition: OrderCondition.inWork, ...late }),
      anOrder('o-late-fix', { condition: OrderCondition.fixing, ...late }),
      anOrder('o-review', { condition: OrderCondition.resultReview, ...late }),
      anOrder('o-review-early', {
        condition: OrderCondition.refusalReview,
        dateStart: new Date().toISOString(),
      }),
    ]);
    for (const id of ['o-late', 'o-late-fix']) {
      expect(within(rowOf(id)).getByLabelText(OrderText.takingLonger)).toBeInTheDocument();
      expect(within(rowOf(id)).queryByLabelText(OrderText.beingModerated)).not.toBeInTheDocument();
    }
    for (const id of ['o-review', 'o-review-early']) {
      expect(within(rowOf(id)).getByLabelText(OrderText.beingModerated)).toBeInTheDocument();
    }
  });

  it('shows when an awaited result is expected, says when no designer is on shift, and nothing once finished', async () => {
    const eta = new Date(Date.now() + 45 * 60_000);
    await openHistory([
      anOrder('o-work', {
        condition: OrderCondition.inWork,
        dateStart: new Date().toISOString(),
        eta: eta.toISOString(),
      }),
      anOrder('o-waiting', { condition: OrderCondition.new, eta: null }),
      anOrder('o-done', { condition: OrderCondition.done, eta: null }),
    ]);
    expect(within(rowOf('o-work')).getByText(EtaText.expectedBy(formatEta(eta.toISOString())))).toBeVisible();
    expect(within(rowOf('o-waiting')).getByText(EtaText.noDesignerShort)).toBeVisible();
    expect(within(rowOf('o-done')).queryByText(/expected by|No designer/)).not.toBeInTheDocument();
  });

  it('asks for the first page of 5 and shows the empty state when there is none', async () => {
    setSessionFlags({ isAdmin: false });
    const { callsTo } = mockFetch({
      'GET /api/user/info': { body: aUser() },
      [`GET ${ORDERS_PATH}`]: { body: { orders: [], total: 0 } },
    });
    renderApp('/history');
    expect(await screen.findByText(OrderHistoryText.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: OrderHistoryText.toPortfolio })).toHaveAttribute(
      'href',
      '/portfolio',
    );
    expect(lastOrdersQuery(callsTo)).toEqual({ limit: '5', page: '1' });
  });

  it('shows a load error with a retry', async () => {
    await openHistoryFailing();
    expect(await screen.findByText(CustomerText.somethingWrong)).toBeInTheDocument();
  });

  it('asks the server for the next page and for the date sort', async () => {
    const orders = Array.from({ length: 5 }, (_, index) => anOrder(`o-${index}`));
    const { user, callsTo } = await openHistory(orders, 12);

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(lastOrdersQuery(callsTo)).toEqual({ limit: '5', page: '2' }));

    await user.click(screen.getByRole('columnheader', { name: OrderHistoryText.columnDate }));
    await waitFor(() =>
      expect(lastOrdersQuery(callsTo)).toEqual({ limit: '5', page: '1', sortByDate: 'ASC' }),
    );
    await user.click(screen.getByRole('columnheader', { name: OrderHistoryText.columnDate }));
    await waitFor(() =>
      expect(lastOrdersQuery(callsTo)).toEqual({ limit: '5', page: '1', sortByDate: 'DESC' }),
    );
  });

  it('offers the page sizes 5, 10 and 20 and asks for the chosen one from the first page', async () => {
    const orders = Array.from({ length: 5 }, (_, index) => anOrder(`o-${index}`));
    const { user, callsTo } = await openHistory(orders, 30);
    await user.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => expect(lastOrdersQuery(callsTo)).toEqual({ limit: '5', page: '3' }));

    await user.click(screen.getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5 / page', '10 / page', '20 / page']);
    await user.click(screen.getByTitle('20 / page'));
    await waitFor(() => expect(lastOrdersQuery(callsTo)).toEqual({ limit: '20', page: '1' }));
  });

  it("reloads the list on the live event 'change orders'", async () => {
    const { callsTo } = await openHistory([anOrder('o-done')]);
    expect(callsTo('GET', ORDERS_PATH)).toHaveLength(1);
    const socket = FakeSocket.created.at(-1)!;
    act(() => socket.serverEmit('change orders', { orderId: 'o-done', condition: 10 }));
    await waitFor(() => expect(callsTo('GET', ORDERS_PATH)).toHaveLength(2));
  });

  /**
   * /history whose first load read the order in work, before the designer's result, and answers only when
   * told; every later load reads it under review.
   */
  async function openHistoryLoadingSlowly() {
    setSessionFlags({ isAdmin: false });
    const { fetchMock } = mockFetch({ 'GET /api/user/info': { body: aUser() } });
    const answered = fetchMock.getMockImplementation()!;
    const loads = { count: 0, answerFirst: () => {} };
    const firstAnswered = new Promise<void>((resolve) => (loads.answerFirst = resolve));
    const page = (condition: number) => Response.json({ orders: [anOrder('o-1', { condition })], total: 1 });
    fetchMock.mockImplementation(async (input, init) => {
      if (!String(input).startsWith(ORDERS_PATH)) return answered(input, init);
      loads.count += 1;
      if (loads.count > 1) return page(OrderCondition.resultReview);
      await firstAnswered;
      return page(OrderCondition.inWork);
    });
    renderApp('/history');
    await waitFor(() => expect(FakeSocket.created.at(-1)?.listeners.get('change orders')?.size).toBe(1));
    await waitFor(() => expect(loads.count).toBe(1));
    return { socket: FakeSocket.created.at(-1)!, loads };
  }

  // CI: a customer's history stayed "in work" while the moderator had the result. TanStack Query joins an
  // invalidation to a first load on its way, whose answer predates the change (lib/query-client.ts).
  it("loads the list again when 'change orders' comes while the first load is on its way", async () => {
    const { socket, loads } = await openHistoryLoadingSlowly();
    act(() => socket.serverEmit('change orders', { orderId: 'o-1', condition: OrderCondition.resultReview }));
    loads.answerFirst();
    expect(await screen.findByLabelText(OrderText.beingModerated)).toBeInTheDocument();
    expect(loads.count).toBe(2);
  });

  it('loads the list again when the socket connects while the first load is on its way', async () => {
    const { socket, loads } = await openHistoryLoadingSlowly();
    // Joined its rooms only now: a change told before was not heard.
    act(() => socket.serverEmit('connect'));
    loads.answerFirst();
    expect(await screen.findByLabelText(OrderText.beingModerated)).toBeInTheDocument();
    expect(loads.count).toBe(2);
  });

  // One page holds 5 orders, so the conditions are checked a page at a time.
  it.each([[[0, 1, 5, 6, 10]], [[2, 7, 8, 9]]])(
    'enables the tip button only at condition 6 and shows the tip at 10 (%j)',
    async (conditions) => {
      await openHistory(conditions.map((condition) => anOrder(`o-${condition}`, { condition, tip: 15 })));
      for (const condition of conditions) {
        const row = within(rowOf(`o-${condition}`));
        if (condition === OrderCondition.doneTipped) {
          expect(row.queryByRole('button', { name: OrderHistoryText.leaveTip })).not.toBeInTheDocument();
          expect(row.getByText('15')).toBeInTheDocument();
          continue;
        }
        const button = row.getByRole('button', { name: OrderHistoryText.leaveTip });
        if (condition === OrderCondition.done) expect(button).toBeEnabled();
        else expect(button).toBeDisabled();
      }
    },
  );

  it.each([[[0, 1, 5, 6, 10]], [[2, 7, 8, 9]]])(
    'enables More only at conditions 6, 8 and 10 (%j)',
    async (conditions) => {
      await openHistory(conditions.map((condition) => anOrder(`o-${condition}`, { condition })));
      for (const condition of conditions) {
        const button = within(rowOf(`o-${condition}`)).getByRole('button', { name: OrderHistoryText.more });
        if ([6, 8, 10].includes(condition)) expect(button).toBeEnabled();
        else expect(button).toBeDisabled();
      }
    },
  );

  it('shows the expired placeholder instead of the pictures of an order past 30 days', async () => {
    const expired = anOrder('o-expired', {
      pictures: { original: null, thumbnail: null, draft: null, additional: null },
      finalPicture: null,
      completed: { picture: null },
      picturesExpired: true,
    });
    const { user } = await openHistory([expired, anOrder('o-done')]);
    const row = within(rowOf('o-expired'));
    expect(row.getByRole('img', { name: AccountUiText.pictureExpired })).toBeInTheDocument();
    expect(row.queryByRole('img', { name: OrderHistoryText.originalAlt })).not.toBeInTheDocument();
    expect(
      within(rowOf('o-done')).getByRole('img', { name: OrderHistoryText.originalAlt }),
    ).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: OrderHistoryText.more }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('img', { name: AccountUiText.pictureExpired })).toBeInTheDocument();
    expect(dialog.queryByRole('link', { name: OrderHistoryText.download })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: OrderHistoryText.forRevision })).not.toBeInTheDocument();
  });

  it('opens the result of an order with its download, hiding the table', async () => {
    const { user } = await openHistory([anOrder('o-done')]);
    await user.click(within(rowOf('o-done')).getByRole('button', { name: OrderHistoryText.more }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: OrderHistoryText.download })).toHaveAttribute(
      'download',
      'image.jpg',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  // Issue 23: the customer looks at the result in the review viewer; a refused order has none to look at.
  it('shows a delivered result in the review viewer, with its modes; a refused order keeps the plain slider', async () => {
    const viewerText = ReviewViewerText.customer;
    const { user } = await openHistory([
      anOrder('o-done'),
      anOrder('o-refused', { condition: OrderCondition.refused, finalPicture: null }),
    ]);
    await user.click(within(rowOf('o-done')).getByRole('button', { name: OrderHistoryText.more }));
    const viewer = within(
      within(await screen.findByRole('dialog')).getByRole('region', { name: viewerText.viewer }),
    );
    expect(viewer.getByRole('img', { name: viewerText.before })).toHaveAttribute(
      'src',
      '/api/files/o-done.jpg',
    );
    expect(viewer.getByRole('img', { name: viewerText.after })).toHaveAttribute(
      'src',
      '/api/files/o-done-final.jpg',
    );
    await user.click(viewer.getByRole('button', { name: viewerText.difference }));
    expect(viewer.getByRole('img', { name: viewerText.differenceMap })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(within(rowOf('o-refused')).getByRole('button', { name: OrderHistoryText.more }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('img', { name: viewerText.after })).toHaveAttribute(
      'src',
      '/api/files/o-refused.jpg',
    );
    expect(dialog.queryByRole('region', { name: viewerText.viewer })).not.toBeInTheDocument();
  });

  describe('on a phone (issue 19)', () => {
    const cardOf = (id: string) => within(screen.getByTestId(`order-${id}`));

    it('shows the orders as cards with their status as visible text, and no table', async () => {
      onPhone();
      await openHistory([
        anOrder('o-new', { condition: OrderCondition.new }),
        anOrder('o-work', { condition: OrderCondition.inWork, dateStart: new Date().toISOString() }),
        anOrder('o-done'),
        anOrder('o-tipped', { condition: OrderCondition.doneTipped, tip: 15 }),
        anOrder('o-refused', { condition: OrderCondition.refused }),
      ]);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(cardOf('o-new').getByText(OrderText.lookingForDesigner)).toBeVisible();
      expect(cardOf('o-new').queryByRole('progressbar')).not.toBeInTheDocument();
      expect(cardOf('o-work').getByText(OrderText.inProgress)).toBeVisible();
      expect(cardOf('o-done').getByText(OrderText.executed)).toBeVisible();
      expect(cardOf('o-refused').getByText(OrderText.cancelled)).toBeVisible();

      const done = cardOf('o-done');
      expect(done.getByText('Skin')).toBeVisible();
      expect(done.getByText('12 coins')).toHaveStyle({ whiteSpace: 'nowrap' });
      expect(done.getByRole('button', { name: OrderHistoryText.leaveTip })).toBeEnabled();
      expect(done.getByRole('button', { name: OrderHistoryText.more })).toBeEnabled();
      expect(cardOf('o-tipped').getByText('15 coins')).toBeVisible();
      expect(cardOf('o-new').getByRole('button', { name: OrderHistoryText.more })).toBeDisabled();
    });

    it('leaves a tip from a card, hiding the cards while the dialog is open', async () => {
      onPhone();
      const { user } = await openHistory([anOrder('o-done')]);
      await user.click(cardOf('o-done').getByRole('button', { name: OrderHistoryText.leaveTip }));
      expect(await screen.findByRole('dialog')).toBeInTheDocument();
      expect(screen.queryByTestId('order-o-done')).not.toBeInTheDocument();
    });

    it('asks the server for another page and for the date sort', async () => {
      onPhone();
      const orders = Array.from({ length: 5 }, (_, index) => anOrder(`o-${index}`));
      const { user, callsTo } = await openHistory(orders, 12);
      await user.click(screen.getByRole('listitem', { name: '2' }));
      await waitFor(() => expect(lastOrdersQuery(callsTo)).toEqual({ limit: '5', page: '2' }));

      await user.click(screen.getByRole('combobox', { name: OrderHistoryText.sortByDate }));
      await user.click(await screen.findByTitle(OrderHistoryText.oldestFirst));
      await waitFor(() =>
        expect(lastOrdersQuery(callsTo)).toEqual({ limit: '5', page: '1', sortByDate: 'ASC' }),
      );
    });
  });

  describe('revision request', () => {
    async function openMoreDialog(order: HistoryOrder, answers: Parameters<typeof mockFetch>[0] = {}) {
      const view = await openHistory([order], 1, answers);
      await view.user.click(within(rowOf(order._id)).getByRole('button', { name: OrderHistoryText.more }));
      const dialog = await screen.findByRole('dialog');
      return { ...view, dialog: within(dialog) };
    }

    it('reveals the message box, requires a message and sends it', async () => {
      const { user, dialog, callsTo } = await openMoreDialog(anOrder('o-done'), {
        'POST /api/orders/refusal/o-done': { body: { message: 'The order was sent for revision' } },
      });
      expect(dialog.queryByRole('textbox')).not.toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: OrderHistoryText.forRevision }));
      await user.click(dialog.getByRole('button', { name: OrderHistoryText.sendRevision }));
      expect(await dialog.findByText(OrderText.revisionRequired)).toBeInTheDocument();
      expect(callsTo('POST', '/api/orders/refusal/o-done')).toHaveLength(0);

      await user.type(dialog.getByRole('textbox'), 'Please soften the shadows');
      await user.click(dialog.getByRole('button', { name: OrderHistoryText.sendRevision }));
      expect(await screen.findByText('The order was sent for revision')).toBeInTheDocument();
      expect(callsTo('POST', '/api/orders/refusal/o-done')[0]!.body).toEqual({
        message: 'Please soften the shadows',
      });
      // The dialog closes and the list reloads with the order in work again.
      await waitFor(() => expect(callsTo('GET', ORDERS_PATH)).toHaveLength(2));
      expect(await screen.findByRole('table')).toBeInTheDocument();
    });

    it('keeps the message to 400 characters', async () => {
      const { user, dialog } = await openMoreDialog(
        anOrder('o-tipped', { condition: OrderCondition.doneTipped }),
      );
      await user.click(dialog.getByRole('button', { name: OrderHistoryText.forRevision }));
      const box = dialog.getByRole('textbox');
      await user.click(box);
      await user.paste('x'.repeat(450));
      expect(box).toHaveValue('x'.repeat(400));
    });

    it('shows the server refusal', async () => {
      const { user, dialog } = await openMoreDialog(anOrder('o-done'), {
        'POST /api/orders/refusal/o-done': {
          status: 409,
          body: { message: 'A revision was already asked for' },
        },
      });
      await user.click(dialog.getByRole('button', { name: OrderHistoryText.forRevision }));
      await user.type(dialog.getByRole('textbox'), 'Again');
      await user.click(dialog.getByRole('button', { name: OrderHistoryText.sendRevision }));
      expect(await screen.findByText('A revision was already asked for')).toBeInTheDocument();
    });

    it('a refused order shows its reason, the original as the result, and no revision button', async () => {
      const { dialog } = await openMoreDialog(
        anOrder('o-refused', {
          condition: OrderCondition.refused,
          refuseReason: { title: { user: 'The photo is too blurry' } },
        }),
      );
      expect(screen.getByText(`${OrderText.rejectedForReason} The photo is too blurry`)).toBeInTheDocument();
      expect(dialog.getByRole('link', { name: OrderHistoryText.download })).toHaveAttribute(
        'href',
        '/api/files/o-refused.jpg',
      );
      expect(dialog.queryByRole('button', { name: OrderHistoryText.forRevision })).not.toBeInTheDocument();
    });
  });

  describe('leave a tip', () => {
    async function openTipDialog(answers: Parameters<typeof mockFetch>[0] = {}) {
      const view = await openHistory([anOrder('o-done')], 1, answers);
      await view.user.click(within(rowOf('o-done')).getByRole('button', { name: OrderHistoryText.leaveTip }));
      const dialog = await screen.findByRole('dialog');
      return { ...view, dialog: within(dialog) };
    }

    it('preselects 25 and requires an amount', async () => {
      const { user, dialog, callsTo } = await openTipDialog();
      expect(dialog.getByRole('button', { name: '25' })).toHaveAttribute('aria-pressed', 'true');
      expect(dialog.getByRole('spinbutton')).toHaveValue('25');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();

      await user.clear(dialog.getByRole('spinbutton'));
      await user.click(dialog.getByRole('button', { name: OrderHistoryText.sendTip }));
      expect(await dialog.findByText(OrderText.tipRequired)).toBeInTheDocument();
      expect(callsTo('POST', '/api/orders/order/o-done/tip')).toHaveLength(0);
    });

    // Issue 19: the number box raised 0 to its minimum and sent a tip of 1.
    it.each([
      ['0', OrderText.tipPositive],
      ['-5', OrderText.tipPositive],
      ['2.5', OrderText.tipWholeNumber],
    ])('refuses an amount of %s with a message and sends nothing', async (typed, message) => {
      const { user, dialog, callsTo } = await openTipDialog();
      await user.clear(dialog.getByRole('spinbutton'));
      await user.type(dialog.getByRole('spinbutton'), typed);
      await user.click(dialog.getByRole('button', { name: OrderHistoryText.sendTip }));
      expect(await dialog.findByText(message)).toBeInTheDocument();
      expect(dialog.getByRole('spinbutton')).toHaveValue(typed);
      expect(callsTo('POST', '/api/orders/order/o-done/tip')).toHaveLength(0);
    });

    it('sends the chosen preset as {data:{amount}} and reloads the orders and the user', async () => {
      const { user, dialog, callsTo } = await openTipDialog({
        'POST /api/orders/order/o-done/tip': { body: { message: 'Thank you for the tip' } },
      });
      await user.click(dialog.getByRole('button', { name: '10' }));
      await user.click(dialog.getByRole('button', { name: OrderHistoryText.sendTip }));

      expect(await screen.findByText('Thank you for the tip')).toBeInTheDocument();
      expect(screen.getByText(CustomerText.success)).toBeInTheDocument();
      expect(callsTo('POST', '/api/orders/order/o-done/tip')[0]!.body).toEqual({ data: { amount: 10 } });
      await waitFor(() => expect(callsTo('GET', ORDERS_PATH)).toHaveLength(2));
      expect(callsTo('GET', '/api/user/info').length).toBeGreaterThanOrEqual(2);
      expect(await screen.findByRole('table')).toBeInTheDocument();
    });

    it('shows the server refusal', async () => {
      const { user, dialog } = await openTipDialog({
        'POST /api/orders/order/o-done/tip': { status: 400, body: { message: 'Not enough tokens' } },
      });
      await user.click(dialog.getByRole('button', { name: OrderHistoryText.sendTip }));
      expect(await screen.findByText('Not enough tokens')).toBeInTheDocument();
    });
  });
});

async function openHistoryFailing() {
  setSessionFlags({ isAdmin: false });
  mockFetch({
    'GET /api/user/info': { body: aUser() },
    [`GET ${ORDERS_PATH}`]: { status: 500, body: { message: 'Internal server error' } },
  });
  renderApp('/history');
}
