import { AccountUiText } from '@retouch/shared/accounts';
import { EtaText } from '@retouch/shared/eta';
import { OrderCondition, OrderText, type HistoryOrder } from '@retouch/shared/orders';
import { CustomerText } from '@retouch/shared/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibleTheme } from '@/components/theme';
import { formatEta } from '@/components/order-eta/eta-time';
import { ReviewViewerText } from '@/components/review-viewer/review-viewer-texts';
import { OrderHistoryText } from '@/features/order-history/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { catchDownloads } from '@/test/saved-downloads';
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
    expect(within(rowOf('o-new')).getByLabelText(OrderText.lookingForDesigner)).toBeInTheDocument();
    expect(done.getByLabelText(OrderText.executed)).toBeInTheDocument();
    expect(within(rowOf('o-refused')).getByLabelText(OrderText.cancelled)).toBeInTheDocument();
  });

  it('keeps amounts on one line', async () => {
    await openHistory([anOrder('o-done')]);
    expect(within(rowOf('o-done')).getByText('5 coins')).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  // Customer side, section 4: "0 and 7 | looking for a designer (warning style) | 0 percent", and the
  // History's "Progress (circle with tooltip of status text)".
  it("shows a waiting order as the circle at 0 % in the warning style, with the tooltip 'Looking for a designer'", async () => {
    const { user } = await openHistory([
      anOrder('o-new', { condition: OrderCondition.new, dateStart: null }),
      anOrder('o-requeued', { condition: OrderCondition.requeued }),
    ]);
    for (const id of ['o-new', 'o-requeued']) {
      const circle = within(rowOf(id)).getByRole('progressbar', { name: OrderText.lookingForDesigner });
      expect(circle).toHaveAttribute('aria-valuenow', '0');
      expect(within(circle).getByText('0%')).toHaveStyle({ color: accessibleTheme.token.colorWarning });
    }
    await user.hover(within(rowOf('o-new')).getByRole('progressbar'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(OrderText.lookingForDesigner);
  });

  // Customer side, section 4: "1 to 5 with remaining time run out | text 'The order is being moderated' |
  // 100 percent"; with time left, 1 to 5 are in progress, the moderator's 2 and 3 included.
  it("shows 1 to 5 whose time ran out as 'The order is being moderated' at 100 %, and in progress before", async () => {
    const late = { dateStart: '2020-01-01T00:00:00.000Z' };
    const early = { dateStart: new Date().toISOString() };
    await openHistory([
      anOrder('o-late', { condition: OrderCondition.inWork, ...late }),
      anOrder('o-late-fix', { condition: OrderCondition.fixing, ...late }),
      anOrder('o-late-review', { condition: OrderCondition.resultReview, ...late }),
      anOrder('o-review-early', { condition: OrderCondition.refusalReview, ...early }),
      anOrder('o-work-early', { condition: OrderCondition.revision, ...early }),
    ]);
    for (const id of ['o-late', 'o-late-fix', 'o-late-review']) {
      const circle = within(rowOf(id)).getByRole('progressbar', { name: OrderText.beingModerated });
      expect(circle).toHaveAttribute('aria-valuenow', '100');
    }
    for (const id of ['o-review-early', 'o-work-early']) {
      const circle = within(rowOf(id)).getByRole('progressbar', { name: OrderText.inProgress });
      expect(Number(circle.getAttribute('aria-valuenow'))).toBeLessThan(100);
    }
  });

  it('writes the estimate beside the circle, not in it', async () => {
    const eta = new Date(Date.now() + 45 * 60_000);
    await openHistory([
      anOrder('o-work', {
        condition: OrderCondition.inWork,
        dateStart: new Date().toISOString(),
        eta: eta.toISOString(),
      }),
    ]);
    const circle = within(rowOf('o-work')).getByRole('progressbar', { name: OrderText.inProgress });
    const estimate = within(rowOf('o-work')).getByText(EtaText.expectedBy(formatEta(eta.toISOString())));
    expect(circle).not.toContainElement(estimate);
    expect(circle).toHaveTextContent(/^\d+%$/);
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
      // Only a tipped order holds a tip: the one at 10.
      await openHistory(
        conditions.map((condition) =>
          anOrder(`o-${condition}`, { condition, tip: condition === OrderCondition.doneTipped ? 15 : 0 }),
        ),
      );
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

  // Walk of issue 36: a tipped order asked for a revision leaves 10 (for 5, or 7 and 1 when its designer is
  // away) and its tip vanished from the history. The specification's cell (the tip at 10, else 'Leave a
  // tip' enabled only at 6) stays; a tip given stays shown while the revision is worked.
  it('keeps showing the tip given while a revision of the order is worked', async () => {
    const started = { dateStart: new Date().toISOString() };
    await openHistory([
      anOrder('o-revision', { condition: OrderCondition.revision, tip: 15, ...started }),
      anOrder('o-requeued', { condition: OrderCondition.requeued, tip: 20 }),
      anOrder('o-review', { condition: OrderCondition.resultReview, tip: 25, ...started }),
      anOrder('o-untipped', { condition: OrderCondition.revision, tip: 0, ...started }),
    ]);
    for (const [id, tip] of [
      ['o-revision', '15'],
      ['o-requeued', '20'],
      ['o-review', '25'],
    ] as const) {
      const row = within(rowOf(id));
      expect(row.getByText(tip)).toBeVisible();
      expect(row.queryByRole('button', { name: OrderHistoryText.leaveTip })).not.toBeInTheDocument();
    }
    expect(
      within(rowOf('o-untipped')).getByRole('button', { name: OrderHistoryText.leaveTip }),
    ).toBeDisabled();
  });

  // Walk of issue 36: an option was listed apart from its service (the server stores the options after all
  // the services); the editor shows it with its service.
  it('lists an option under its service, not apart from it', async () => {
    const service = (id: string, title: string, cost: number) => ({
      ...anEntry(id, title, `/api/files/${id}.webp`, cost),
      serviceId: id,
    });
    const option = { ...anEntry('opt-matte', 'Matte finish', '/api/files/matte.webp', 3), isOptional: true };
    await openHistory([
      anOrder('o-options', {
        persons: [
          {
            id: 'photo',
            orders: [
              service('s-skin', 'Skin', 5),
              service('s-eyes', 'Eyes', 7),
              { ...option, serviceId: 's-skin' },
            ],
          },
        ],
      }),
    ]);
    const row = within(rowOf('o-options'));
    const itemOf = (title: string) => row.getByText(title).closest('li')!;
    expect(within(itemOf('Skin')).getByText('Matte finish')).toBeVisible();
    expect(within(itemOf('Skin')).getByText('3 coins')).toBeVisible();
    expect(within(itemOf('Eyes')).queryByText('Matte finish')).not.toBeInTheDocument();
    // The option's own item, inside its service's.
    expect(itemOf('Skin')).toContainElement(itemOf('Matte finish'));
  });

  it('keeps an option where it is when the order does not say its service (a view recorded before)', async () => {
    const option = { ...anEntry('opt-matte', 'Matte finish', '/api/files/matte.webp', 3), isOptional: true };
    await openHistory([
      anOrder('o-old', {
        persons: [{ id: 'photo', orders: [anEntry('s-skin', 'Skin', '/api/files/skin.webp', 5), option] }],
      }),
    ]);
    expect(within(rowOf('o-old')).getByText('Matte finish')).toBeVisible();
  });

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
    expect(dialog.queryByRole('button', { name: OrderHistoryText.download })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: OrderHistoryText.forRevision })).not.toBeInTheDocument();
  });

  // Customer side sections 2 and 7: "Download button (file name image.jpg)"; "Pictures are downloaded as
  // blobs from the host path; a download error is only logged."
  it('opens the result of an order with its download, a blob named image.jpg, hiding the table', async () => {
    const { saved } = catchDownloads();
    const { user, callsTo } = await openHistory([anOrder('o-done')], 1, {
      'GET /api/files/o-done-final.jpg': { body: 'jpeg bytes' },
    });
    await user.click(within(rowOf('o-done')).getByRole('button', { name: OrderHistoryText.more }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: OrderHistoryText.download }));
    await waitFor(() => expect(saved).toEqual(['image.jpg']));
    expect(callsTo('GET', '/api/files/o-done-final.jpg')).toHaveLength(1);
  });

  it('only logs a download that failed', async () => {
    const { saved, logged } = catchDownloads();
    const { user } = await openHistory([anOrder('o-done')], 1, {
      'GET /api/files/o-done-final.jpg': { status: 404 },
    });
    await user.click(within(rowOf('o-done')).getByRole('button', { name: OrderHistoryText.more }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: OrderHistoryText.download }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(saved).toEqual([]);
    expect(screen.queryByText(CustomerText.error)).not.toBeInTheDocument();
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
      expect(
        cardOf('o-new').getByRole('progressbar', { name: OrderText.lookingForDesigner }),
      ).toHaveAttribute('aria-valuenow', '0');
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

    // Walk of issue 36: Ant Design hides the pagination's size changer below 576 px, so a phone had none.
    it('offers the page sizes 5, 10 and 20 in a selector of its own, and asks for the chosen one from the first page', async () => {
      onPhone();
      const orders = Array.from({ length: 5 }, (_, index) => anOrder(`o-${index}`));
      const { user, callsTo } = await openHistory(orders, 30);
      await user.click(screen.getByRole('listitem', { name: '3' }));
      await waitFor(() => expect(lastOrdersQuery(callsTo)).toEqual({ limit: '5', page: '3' }));

      const sizes = screen.getByRole('combobox', { name: OrderHistoryText.pageSize });
      expect(screen.getAllByRole('combobox')).toHaveLength(2);
      expect(sizes.closest('.ant-select')).toHaveTextContent('5 / page');
      await user.click(sizes);
      // The chosen size is written in the box and offered in the list.
      expect(await screen.findAllByTitle('5 / page')).toHaveLength(2);
      expect(screen.getByTitle('10 / page')).toBeVisible();
      await user.click(screen.getByTitle('20 / page'));
      await waitFor(() => expect(lastOrdersQuery(callsTo)).toEqual({ limit: '20', page: '1' }));
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
      const { dialog, user, callsTo } = await openMoreDialog(
        anOrder('o-refused', {
          condition: OrderCondition.refused,
          refuseReason: { title: { user: 'The photo is too blurry' } },
        }),
        { 'GET /api/files/o-refused.jpg': { body: 'jpeg bytes' } },
      );
      expect(screen.getByText(`${OrderText.rejectedForReason} The photo is too blurry`)).toBeInTheDocument();
      const { saved } = catchDownloads();
      await user.click(dialog.getByRole('button', { name: OrderHistoryText.download }));
      await waitFor(() => expect(saved).toEqual(['image.jpg']));
      expect(callsTo('GET', '/api/files/o-refused.jpg')).toHaveLength(1);
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
