import {
  DispatchText,
  TimeExtensionCode,
  type CabinetSnapshot,
  type StaffOrder,
} from '@retouch/shared/dispatch';
import { SEARCH_UNAVAILABLE_STATUS, SocketEvent } from '@retouch/shared/realtime';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveAnnouncerProvider, LiveRegionId } from '@/lib/live-announcer';
import { createQueryClient } from '@/lib/query-client';
import type { AppSocket } from '@/lib/socket';
import { SocketContext } from '@/lib/socket-context';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { aStaffOrder } from '@/test/staff-order-fixtures';
import { rememberSearching } from '../stores/search-intent';
import { DesignerText } from '../texts';
import { DesignerCabinetProvider } from './designer-cabinet-provider';
import { DutyControls } from './duty-controls';
import { toldOnce } from '@/test/told-once';
import { StaffOrderText } from '@/components/staff-order/texts';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
/** An hour's order started 50 min 30 s ago: 9 min 30 s are left before its hard deadline. */
const order = aStaffOrder({
  executionTime: 60,
  dateStart: new Date(NOW - (50 * 60 + 30) * 1000).toISOString(),
});

const region = (id: string) => document.getElementById(id)!;

/**
 * The cabinet with a fake socket. As a designer (`snapshot` given) it reads the server's account of the
 * cabinet, which `snapshot()` answers at each reading.
 */
function renderCabinet({ snapshot }: { snapshot?: () => CabinetSnapshot } = {}) {
  const socket = new FakeSocket('', {});
  const emit = vi.fn();
  Object.assign(socket, { emit, connected: true, active: true });
  const api = mockFetch(snapshot ? { 'GET /api/executor/state': () => ({ body: snapshot() }) } : {});
  const { container } = render(
    <QueryClientProvider client={createQueryClient()}>
      <App>
        <SocketContext value={socket as unknown as AppSocket}>
          <LiveAnnouncerProvider>
            <DesignerCabinetProvider designer={snapshot !== undefined}>
              <DutyControls />
            </DesignerCabinetProvider>
          </LiveAnnouncerProvider>
        </SocketContext>
      </App>
    </QueryClientProvider>,
  );
  const serverSends = (event: string, ...args: unknown[]) => act(() => socket.serverEmit(event, ...args));
  // The cabinet's own controls, apart from antd's notifications in their portal.
  const page = within(container);
  const stateReadings = () => api.callsTo('GET', '/api/executor/state').length;
  return { socket, emit, serverSends, page, stateReadings };
}

beforeEach(() => vi.spyOn(Date, 'now').mockReturnValue(NOW));
afterEach(() => vi.restoreAllMocks());

describe('DesignerCabinetProvider for screen readers', () => {
  it('tells an order arrived once, in an alert, the live regions being in the page before it', async () => {
    const { serverSends } = renderCabinet();
    const polite = region(LiveRegionId.polite);
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(polite).toHaveTextContent('');

    serverSends(SocketEvent.orderForExecutor, order);
    await toldOnce(DispatchText.orderReceived);
  });

  it('says at the extension offer that it was offered and how long is left, once, not every second', () => {
    const { serverSends } = renderCabinet();
    serverSends(SocketEvent.orderForExecutor, order);
    const timer = screen.getByText(DesignerText.timeLeft).closest<HTMLElement>('.ant-statistic')!;
    expect(timer.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull();

    serverSends(SocketEvent.timeExtension, {
      code: TimeExtensionCode.offer,
      message: DispatchText.extensionOffer,
    });
    const assertive = region(LiveRegionId.assertive);
    expect(assertive).toHaveTextContent(
      'Предложено продлить время заказа на 10 минут. Осталось времени: 9 минут 30 секунд. ' +
        'Нажмите «Продлить» в течение 60 секунд.',
    );
  });

  it('offers the extension beside the countdown too, where the keyboard reaches it, and says it was extended', async () => {
    const user = userEvent.setup();
    const { emit, serverSends, page } = renderCabinet();
    serverSends(SocketEvent.orderForExecutor, order);
    expect(page.queryByRole('button', { name: DesignerText.extend })).not.toBeInTheDocument();
    serverSends(SocketEvent.timeExtension, {
      code: TimeExtensionCode.offer,
      message: DispatchText.extensionOffer,
    });

    await user.tab();
    expect(page.getByRole('button', { name: DesignerText.extend })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(emit).toHaveBeenCalledWith(SocketEvent.timeExtension);
    expect(page.queryByRole('button', { name: DesignerText.extend })).not.toBeInTheDocument();

    serverSends(SocketEvent.timeExtension, {
      code: TimeExtensionCode.extended,
      message: DispatchText.extended,
    });
    await toldOnce(DispatchText.extended);
  });

  it('tells once that the order was taken away when staff cancelled it', async () => {
    const { serverSends } = renderCabinet();
    serverSends(SocketEvent.orderForExecutor, order);
    serverSends(SocketEvent.orderCancelled, { orderId: order._id, message: 'Заказ отменён администратором' });
    await toldOnce('Заказ отменён администратором');
  });

  it('says the connection was lost while searching and that it is back', async () => {
    const user = userEvent.setup();
    const { serverSends } = renderCabinet();
    await user.click(screen.getByRole('button', { name: DesignerText.goOnDuty }));
    serverSends('disconnect', 'transport close');
    expect(region(LiveRegionId.polite)).toHaveTextContent(DesignerText.searchPaused);
    serverSends('connect');
    expect(region(LiveRegionId.polite)).toHaveTextContent(DesignerText.connectionRestored);
  });
});

/** The server's grace period for an order in hand while its designer is offline, as the snapshot says. */
const GRACE = 60;
const snapshotHolding = (held: StaffOrder | null): CabinetSnapshot => ({
  shift: { startDate: new Date(NOW - 3_600_000).toISOString() },
  order: held,
  extensionOffer: false,
  holderGraceSeconds: GRACE,
});
/** Text queries of what the page shows, apart from what its live regions say to screen readers. */
const onScreen = { ignore: 'script, style, [aria-live]' };
const alertsSaying = (text: string) =>
  screen.queryAllByRole('alert').filter((alert) => alert.textContent?.includes(text));

/** A designer on duty in this tab who holds `order`, as the server's account read at the mount says. */
async function holdingAnOrder() {
  rememberSearching(true);
  let held: StaffOrder | null = order;
  const cabinet = renderCabinet({ snapshot: () => snapshotHolding(held) });
  expect(await cabinet.page.findByText(DesignerText.timeLeft)).toBeInTheDocument();
  return { ...cabinet, setHeld: (next: StaffOrder | null) => (held = next) };
}

/** The connection drops and stays down the whole grace period (timers are fake meanwhile). */
function offlinePastGrace(cabinet: Awaited<ReturnType<typeof holdingAnOrder>>) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  cabinet.serverSends('disconnect', 'transport close');
  act(() => {
    vi.advanceTimersByTime(GRACE * 1000);
  });
  vi.useRealTimers();
}

describe('DesignerCabinetProvider and the server acknowledging orders', () => {
  it('confirms every receipt of an order, a repeat too, and tells it once', async () => {
    const { serverSends } = renderCabinet();
    const confirm = vi.fn();
    serverSends(SocketEvent.orderForExecutor, order, confirm);
    expect(confirm).toHaveBeenCalledTimes(1);
    serverSends(SocketEvent.orderForExecutor, order, confirm);
    expect(confirm).toHaveBeenCalledTimes(2);
    await toldOnce(DispatchText.orderReceived);
    expect(alertsSaying(DispatchText.orderReceived)).toHaveLength(1);
  });

  it('keeps an extended countdown when the order is repeated as it was first sent', () => {
    const { serverSends, page } = renderCabinet();
    serverSends(SocketEvent.orderForExecutor, order, vi.fn());
    serverSends(SocketEvent.timeExtension, {
      code: TimeExtensionCode.extended,
      message: DispatchText.extended,
    });
    const timer = page.getByText(DesignerText.timeLeft).closest<HTMLElement>('.ant-statistic')!;
    expect(timer).toHaveTextContent('00:09:30');
    serverSends(SocketEvent.orderForExecutor, order, vi.fn());
    expect(timer).toHaveTextContent('00:09:30');
  });
});

describe('DesignerCabinetProvider and the server reading again', () => {
  it('reads the cabinet again at `refetch`, as at a connect, and goes on searching', async () => {
    const user = userEvent.setup();
    const { serverSends, emit, page, stateReadings } = renderCabinet({
      snapshot: () => snapshotHolding(null),
    });
    await user.click(await page.findByRole('button', { name: DesignerText.goOnDuty }));
    await waitFor(() => expect(stateReadings()).toBe(1));
    emit.mockClear();
    serverSends(SocketEvent.refetch);
    await waitFor(() => expect(stateReadings()).toBe(2));
    expect(emit).toHaveBeenCalledWith(SocketEvent.executorFind, true);
  });

  it('goes on searching when the search is answered 503 (the server keeps trying it), and stops at a refusal', async () => {
    const user = userEvent.setup();
    const { serverSends, page } = renderCabinet();
    await user.click(page.getByRole('button', { name: DesignerText.goOnDuty }));
    serverSends(SocketEvent.errors, {
      status: SEARCH_UNAVAILABLE_STATUS,
      message: DispatchText.searchDelayed,
    });
    expect(page.getByText(DesignerText.searching)).toBeInTheDocument();
    serverSends(SocketEvent.errors, { status: 403, message: DispatchText.notOnShift });
    expect(page.queryByText(DesignerText.searching)).not.toBeInTheDocument();
    expect(page.getByRole('button', { name: DesignerText.goOnDuty })).toBeInTheDocument();
  });
});

describe('DesignerCabinetProvider offline with an order in hand (issue 34)', () => {
  it('says only that the connection is lost within the grace period, then that the order may be gone, and stops the countdown', async () => {
    const cabinet = await holdingAnOrder();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    cabinet.serverSends('disconnect', 'transport close');
    expect(region(LiveRegionId.polite)).toHaveTextContent(DesignerText.connectionLost);
    act(() => {
      vi.advanceTimersByTime((GRACE - 1) * 1000);
    });
    expect(cabinet.page.getByText(DesignerText.timeLeft)).toBeInTheDocument();
    expect(cabinet.page.getByText(DesignerText.inWork)).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(cabinet.page.getByText(DesignerText.holdInDoubt(GRACE), onScreen)).toBeInTheDocument();
    expect(region(LiveRegionId.polite)).toHaveTextContent(DesignerText.holdInDoubt(GRACE));
    expect(cabinet.page.getByText(DesignerText.holdInDoubtTag)).toBeInTheDocument();
    expect(cabinet.page.queryByText(DesignerText.inWork)).not.toBeInTheDocument();
    expect(cabinet.page.queryByText(DesignerText.timeLeft)).not.toBeInTheDocument();
  });

  it('says on reconnecting that the order is still theirs, once, and counts down again', async () => {
    const cabinet = await holdingAnOrder();
    offlinePastGrace(cabinet);
    cabinet.serverSends('connect');
    // The server's account read at the connect holds the order, and so does its repeat after it.
    await toldOnce(DesignerText.holdKept);
    const confirm = vi.fn();
    cabinet.serverSends(SocketEvent.orderForExecutor, order, confirm);
    expect(confirm).toHaveBeenCalled();
    expect(alertsSaying(DesignerText.holdKept)).toHaveLength(1);
    expect(alertsSaying(DispatchText.orderReceived)).toHaveLength(0);
    expect(cabinet.page.getByText(DesignerText.inWork)).toBeInTheDocument();
    expect(cabinet.page.getByText(DesignerText.timeLeft)).toBeInTheDocument();
    expect(cabinet.page.queryByText(DesignerText.holdInDoubt(GRACE), onScreen)).not.toBeInTheDocument();
  });

  it('says truthfully that the order went back to the queue, searches, and that it is theirs again when it comes back', async () => {
    const cabinet = await holdingAnOrder();
    offlinePastGrace(cabinet);
    cabinet.setHeld(null);
    cabinet.emit.mockClear();
    cabinet.serverSends('connect');
    cabinet.serverSends(SocketEvent.orderCancelled, {
      orderId: order._id,
      message: DispatchText.awayTooLong,
    });
    await toldOnce(DesignerText.awayTooLong(GRACE));
    expect(screen.queryByText(DispatchText.awayTooLong)).not.toBeInTheDocument();
    expect(cabinet.emit).toHaveBeenCalledWith(SocketEvent.executorFind, true);
    expect(await cabinet.page.findByText(DesignerText.searching)).toBeInTheDocument();

    cabinet.setHeld(order);
    cabinet.serverSends(SocketEvent.orderForExecutor, order, vi.fn());
    await toldOnce(DesignerText.orderBackToYou);
    expect(alertsSaying(DispatchText.orderReceived)).toHaveLength(0);
    expect(cabinet.page.getByText(DesignerText.timeLeft)).toBeInTheDocument();
  });

  it("tells the same when the server's account read at the reconnect is the first to show the order gone", async () => {
    const cabinet = await holdingAnOrder();
    offlinePastGrace(cabinet);
    cabinet.setHeld(null);
    cabinet.serverSends('connect');
    expect(await cabinet.page.findByText(DesignerText.searching)).toBeInTheDocument();
    cabinet.serverSends(SocketEvent.orderCancelled, {
      orderId: order._id,
      message: DispatchText.awayTooLong,
    });
    await toldOnce(DesignerText.awayTooLong(GRACE));

    cabinet.setHeld(order);
    cabinet.serverSends(SocketEvent.orderForExecutor, order, vi.fn());
    await toldOnce(DesignerText.orderBackToYou);
    expect(alertsSaying(DispatchText.orderReceived)).toHaveLength(0);
  });

  it('says the order went back to the queue even when the connection came back within its own grace count', async () => {
    const cabinet = await holdingAnOrder();
    cabinet.serverSends('disconnect', 'transport close');
    cabinet.setHeld(null);
    cabinet.serverSends('connect');
    cabinet.serverSends(SocketEvent.orderCancelled, {
      orderId: order._id,
      message: DispatchText.awayTooLong,
    });
    await toldOnce(DesignerText.awayTooLong(GRACE));
    expect(screen.queryByText(DispatchText.awayTooLong)).not.toBeInTheDocument();
  });
});

const offer = { code: TimeExtensionCode.offer, message: DispatchText.extensionOffer };
const clock = (page: ReturnType<typeof renderCabinet>['page']) =>
  page.getByText(DesignerText.timeLeft).closest<HTMLElement>('.ant-statistic')!;

describe('DesignerCabinetProvider and the time of the order (issue 36)', () => {
  // Back office section 4: the countdown keeps the extension's 10 minutes back, so it reached 00:00:00
  // as the offer said 10 minutes were left. Past that point it counts the order's own time.
  it('shows the time really left while the extension is offered, as the notice says, not 00:00:00', () => {
    const { serverSends, page } = renderCabinet();
    serverSends(SocketEvent.orderForExecutor, order);
    serverSends(SocketEvent.timeExtension, offer);
    expect(clock(page)).toHaveTextContent('00:09:30');
    expect(page.getByText(StaffOrderText.toOrderEnd)).toBeInTheDocument();
  });

  it("counts down the specification's time, 10 minutes kept back, while it runs", () => {
    const { serverSends, page } = renderCabinet();
    serverSends(SocketEvent.orderForExecutor, { ...order, dateStart: new Date(NOW - 60_000).toISOString() });
    expect(clock(page)).toHaveTextContent('00:49:00');
    expect(page.queryByText(StaffOrderText.toOrderEnd)).not.toBeInTheDocument();
  });

  it('says why the search stopped after the offer lapsed, beside «Выйти на дежурство», until they go on duty', async () => {
    const user = userEvent.setup();
    const { serverSends, page } = renderCabinet();
    await user.click(page.getByRole('button', { name: DesignerText.goOnDuty }));
    serverSends(SocketEvent.orderForExecutor, order);
    serverSends(SocketEvent.timeExtension, offer);
    serverSends(SocketEvent.timeExtension, {
      code: TimeExtensionCode.expired,
      message: DispatchText.timeExpired,
    });

    expect(page.getByText(DesignerText.stoppedAfterOfferLapsed, onScreen)).toBeInTheDocument();
    await user.click(page.getByRole('button', { name: DesignerText.goOnDuty }));
    expect(page.getByText(DesignerText.searching)).toBeInTheDocument();
    expect(page.queryByText(DesignerText.stoppedAfterOfferLapsed, onScreen)).not.toBeInTheDocument();
  });

  it('says why the search stopped when the extended time ran out', () => {
    const { serverSends, page } = renderCabinet();
    serverSends(SocketEvent.orderForExecutor, order);
    serverSends(SocketEvent.timeExtension, {
      code: TimeExtensionCode.extended,
      message: DispatchText.extended,
    });
    serverSends(SocketEvent.timeExtension, {
      code: TimeExtensionCode.expired,
      message: DispatchText.timeExpired,
    });
    expect(page.getByText(DesignerText.stoppedAfterTimeRanOut, onScreen)).toBeInTheDocument();
    expect(page.getByRole('button', { name: DesignerText.goOnDuty })).toBeInTheDocument();
  });
});
