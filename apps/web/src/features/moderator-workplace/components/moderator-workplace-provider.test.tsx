import { SEARCH_UNAVAILABLE_STATUS, SocketEvent } from '@retouch/shared/realtime';
import { REVIEW_RELEASE_GRACE_SECONDS, ReviewText } from '@retouch/shared/review';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { LiveAnnouncerProvider, LiveRegionId } from '@/lib/live-announcer';
import type { AppSocket } from '@/lib/socket';
import { SocketContext } from '@/lib/socket-context';
import { FakeSocket } from '@/test/fake-socket';
import { aStaffOrder } from '@/test/staff-order-fixtures';
import { ModeratorText } from '../texts';
import { DutyControls } from './duty-controls';
import { ModeratorWorkplaceProvider } from './moderator-workplace-provider';
import { toldOnce } from '@/test/told-once';
import { StaffOrderText } from '@/components/staff-order/texts';

const polite = () => document.getElementById(LiveRegionId.polite)!;

function renderWorkplace() {
  const socket = new FakeSocket('', {});
  const emit = vi.fn();
  Object.assign(socket, { emit, connected: true, active: true });
  const { container } = render(
    <App>
      <SocketContext value={socket as unknown as AppSocket}>
        <LiveAnnouncerProvider>
          <ModeratorWorkplaceProvider>
            <DutyControls canReview />
          </ModeratorWorkplaceProvider>
        </LiveAnnouncerProvider>
      </SocketContext>
    </App>,
  );
  const serverSends = (event: string, ...args: unknown[]) => act(() => socket.serverEmit(event, ...args));
  return { serverSends, emit, page: within(container) };
}

describe('ModeratorWorkplaceProvider for screen readers', () => {
  it('tells an order for review arrived, and that staff took it away, each once, in an alert', async () => {
    const { serverSends } = renderWorkplace();
    expect(polite()).toBeEmptyDOMElement();
    serverSends(SocketEvent.orderForReview, aStaffOrder());
    await toldOnce(ModeratorText.orderArrived);

    serverSends(SocketEvent.orderCancelled, { orderId: 'order-1', message: 'Заказ отменён администратором' });
    await toldOnce('Заказ отменён администратором');
  });

  it('says a lost and restored connection while on duty (shown as plain text, not as an alert)', async () => {
    const user = userEvent.setup();
    const { serverSends } = renderWorkplace();
    await user.click(screen.getByRole('button', { name: ModeratorText.goOnDuty }));
    serverSends('disconnect', 'transport close');
    expect(polite()).toHaveTextContent(ModeratorText.connectionLost);
    serverSends('connect');
    expect(polite()).toHaveTextContent(ModeratorText.connectionRestored);
  });
});

const GRACE = REVIEW_RELEASE_GRACE_SECONDS;
/** Text queries of what the page shows, apart from what its live regions say to screen readers. */
const onScreen = { ignore: 'script, style, [aria-live]' };
const alertsSaying = (text: string) =>
  screen.queryAllByRole('alert').filter((alert) => alert.textContent?.includes(text));
const order = aStaffOrder();

/** A moderator on duty reviewing `order`. */
async function reviewingAnOrder() {
  const user = userEvent.setup();
  const workplace = renderWorkplace();
  await user.click(workplace.page.getByRole('button', { name: ModeratorText.goOnDuty }));
  workplace.serverSends(SocketEvent.orderForReview, order, vi.fn());
  expect(workplace.page.getByText(ModeratorText.timeLeft)).toBeInTheDocument();
  return workplace;
}

/** The connection drops for the whole grace period, then comes back (timers fake meanwhile). */
function awayPastGraceAndBack({ serverSends }: Awaited<ReturnType<typeof reviewingAnOrder>>) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  serverSends('disconnect', 'transport close');
  act(() => {
    vi.advanceTimersByTime(GRACE * 1000);
  });
  serverSends('connect');
}

describe('ModeratorWorkplaceProvider and the server', () => {
  it('confirms every receipt of an order for review, a repeat too, and tells it once', async () => {
    const { serverSends } = renderWorkplace();
    const confirm = vi.fn();
    serverSends(SocketEvent.orderForReview, order, confirm);
    serverSends(SocketEvent.orderForReview, order, confirm);
    expect(confirm).toHaveBeenCalledTimes(2);
    await toldOnce(ModeratorText.orderArrived);
    expect(alertsSaying(ModeratorText.orderArrived)).toHaveLength(1);
  });

  it('searches again at `refetch`, as at a connect', async () => {
    const user = userEvent.setup();
    const { serverSends, emit, page } = renderWorkplace();
    await user.click(page.getByRole('button', { name: ModeratorText.goOnDuty }));
    emit.mockClear();
    serverSends(SocketEvent.refetch);
    expect(emit).toHaveBeenCalledWith(SocketEvent.reviewFind, true);
  });

  it('goes on searching when the search is answered 503, and stops when it is refused', async () => {
    const user = userEvent.setup();
    const { serverSends, page } = renderWorkplace();
    await user.click(page.getByRole('button', { name: ModeratorText.goOnDuty }));
    serverSends(SocketEvent.errors, { status: SEARCH_UNAVAILABLE_STATUS, message: ReviewText.searchDelayed });
    expect(page.getByText(ModeratorText.searching)).toBeInTheDocument();
    serverSends(SocketEvent.errors, { status: 403, message: ReviewText.noCabinet });
    expect(page.getByRole('button', { name: ModeratorText.goOnDuty })).toBeInTheDocument();
  });
});

describe('ModeratorWorkplaceProvider offline with an order under review (issue 34)', () => {
  it('says past the grace period that the order may be gone, and stops the countdown', async () => {
    const { serverSends, page } = await reviewingAnOrder();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    serverSends('disconnect', 'transport close');
    act(() => {
      vi.advanceTimersByTime((GRACE - 1) * 1000);
    });
    expect(page.getByText(ModeratorText.timeLeft)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(page.getByText(ModeratorText.holdInDoubt(GRACE), onScreen)).toBeInTheDocument();
    expect(polite()).toHaveTextContent(ModeratorText.holdInDoubt(GRACE));
    expect(page.getByText(ModeratorText.holdInDoubtTag)).toBeInTheDocument();
    expect(page.queryByText(ModeratorText.timeLeft)).not.toBeInTheDocument();
  });

  it('asks the server on reconnecting, and says the order is still theirs when it is repeated', async () => {
    const workplace = await reviewingAnOrder();
    workplace.emit.mockClear();
    awayPastGraceAndBack(workplace);
    expect(workplace.emit).toHaveBeenCalledWith(SocketEvent.reviewFind, true);
    workplace.serverSends(SocketEvent.orderForReview, order, vi.fn());
    vi.useRealTimers();
    await toldOnce(ModeratorText.holdKept);
    expect(workplace.page.getByText(ModeratorText.timeLeft)).toBeInTheDocument();
    expect(workplace.page.queryByText(ModeratorText.holdInDoubtTag)).not.toBeInTheDocument();
  });

  it('says the order went back to the queue when the server does not repeat it, searches, and that it is theirs again when it comes back', async () => {
    const workplace = await reviewingAnOrder();
    awayPastGraceAndBack(workplace);
    // Far longer than the server takes to repeat an order still held at a reconnect.
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    vi.useRealTimers();
    await toldOnce(ModeratorText.awayTooLong(GRACE));
    expect(workplace.page.getByText(ModeratorText.searching)).toBeInTheDocument();

    workplace.serverSends(SocketEvent.orderForReview, order, vi.fn());
    await toldOnce(ModeratorText.orderBackToYou);
    expect(workplace.page.getByText(ModeratorText.timeLeft)).toBeInTheDocument();
  });
});

describe('ModeratorWorkplaceProvider and the time of the order (issue 36)', () => {
  // Back office section 4 keeps 10 minutes back from the moderator's clock too: a 5-minute order read
  // 00:00:00 from the moment it arrived. Past that point the clock counts the order's own time.
  it("counts down a short order's real time left when it arrives, not 00:00:00", () => {
    const { serverSends, page } = renderWorkplace();
    const short = aStaffOrder({ executionTime: 5, dateStart: new Date(Date.now() - 60_000).toISOString() });
    serverSends(SocketEvent.orderForReview, short, vi.fn());
    const clock = page.getByText(ModeratorText.timeLeft).closest<HTMLElement>('.ant-statistic')!;
    expect(clock).toHaveTextContent(/00:0[34]:\d\d/);
    expect(page.getByText(StaffOrderText.toOrderEnd)).toBeInTheDocument();
  });
});
