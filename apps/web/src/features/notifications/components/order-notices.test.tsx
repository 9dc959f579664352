import { NotificationText, OrderNoticeText } from '@retouch/shared/notifications';
import { OrderCondition } from '@retouch/shared/orders';
import { SocketEvent } from '@retouch/shared/realtime';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionFlags } from '@/lib/session/session-flags';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { setBrowserNotificationsChosen } from '../stores/browser-notifications';

const me = aUser();
const C = OrderCondition;

async function openLoggedIn(path = '/') {
  setSessionFlags({ isAdmin: false });
  mockFetch({
    'GET /api/user/info': { body: me },
    'GET /api/orders/user/': { body: { orders: [], total: 0 } },
  });
  const view = renderApp(path);
  await screen.findByTestId('balance-main');
  await waitFor(() =>
    expect(FakeSocket.created.at(-1)?.listeners.get(SocketEvent.changeOrders)?.size).toBeTruthy(),
  );
  return view;
}

function serverSays(change: {
  orderId?: string;
  from: number | null;
  condition: number;
  customerId?: string;
}) {
  act(() =>
    FakeSocket.created.at(-1)!.serverEmit(SocketEvent.changeOrders, {
      orderId: 'order-1',
      customerId: me._id,
      ...change,
    }),
  );
}

function pageHidden() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
}

afterEach(() => {
  // The documents of a worker's files are one: the property goes back to happy-dom's own.
  delete (document as { visibilityState?: unknown }).visibilityState;
});

describe('order notices on customer pages', () => {
  it('tells of a ready result with a way to the order history', async () => {
    const { user, location } = await openLoggedIn('/portfolio');
    serverSays({ from: C.resultReview, condition: C.done });

    expect(await screen.findByText(OrderNoticeText.resultReady.title)).toBeVisible();
    expect(screen.getByText(OrderNoticeText.resultReady.body)).toBeVisible();
    await user.click(screen.getByRole('button', { name: NotificationText.openHistory }));
    await waitFor(() => expect(location().pathname).toBe('/history'));
  });

  it('tells of a refusal with refund, a cancellation and a designer taking the order', async () => {
    await openLoggedIn();
    serverSays({ orderId: 'a', from: C.refusalReview, condition: C.refused });
    serverSays({ orderId: 'b', from: C.new, condition: C.cancelled });
    serverSays({ orderId: 'c', from: C.new, condition: C.inWork });

    expect(await screen.findByText(OrderNoticeText.refused.title)).toBeVisible();
    expect(screen.getByText(OrderNoticeText.cancelled.title)).toBeVisible();
    expect(screen.getByText(OrderNoticeText.designerFound.title)).toBeVisible();
  });

  it('keeps one notice per order: a newer change replaces it', async () => {
    await openLoggedIn();
    serverSays({ from: C.new, condition: C.inWork });
    expect(await screen.findByText(OrderNoticeText.designerFound.title)).toBeVisible();
    serverSays({ from: C.resultReview, condition: C.done });
    expect(await screen.findByText(OrderNoticeText.resultReady.title)).toBeVisible();
    await waitFor(() => expect(screen.queryByText(OrderNoticeText.designerFound.title)).toBeNull());
  });

  it('says nothing of the customer’s own steps, of other customers’ orders, nor on the history page', async () => {
    const { router } = await openLoggedIn();
    // Their own tip and revision request; a step between staff; a new order.
    serverSays({ from: C.done, condition: C.doneTipped });
    serverSays({ from: C.done, condition: C.revision });
    serverSays({ from: C.inWork, condition: C.resultReview });
    serverSays({ from: null, condition: C.new });
    // Someone else's order, heard by a holder of lookOrders; an event without its customer.
    serverSays({ from: C.resultReview, condition: C.done, customerId: 'someone-else' });
    act(() =>
      FakeSocket.created.at(-1)!.serverEmit(SocketEvent.changeOrders, { orderId: 'x', condition: C.done }),
    );
    // Events are handled in order: once a later one's notice is up, none of the above made one.
    serverSays({ orderId: 'later', from: C.new, condition: C.inWork });
    expect(await screen.findByText(OrderNoticeText.designerFound.title)).toBeVisible();
    expect(screen.getAllByRole('button', { name: NotificationText.openHistory })).toHaveLength(1);

    // The history's table shows the change itself; back on another page, the next change is told.
    await act(() => router.navigate('/history'));
    serverSays({ from: C.resultReview, condition: C.done });
    await act(() => router.navigate('/profile'));
    serverSays({ orderId: 'after', from: C.refusalReview, condition: C.refused });
    expect(await screen.findByText(OrderNoticeText.refused.title)).toBeVisible();
    expect(screen.queryByText(OrderNoticeText.resultReady.title)).toBeNull();
  });

  it('raises a browser notification instead while the page is hidden, if the customer chose them', async () => {
    const shown: Array<{ title: string; options: NotificationOptions }> = [];
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions) {
        shown.push({ title, options });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    setBrowserNotificationsChosen(true);
    await openLoggedIn('/history');
    pageHidden();

    serverSays({ from: C.resultReview, condition: C.done });
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toEqual({
      title: OrderNoticeText.resultReady.title,
      options: expect.objectContaining({
        body: OrderNoticeText.resultReady.body,
        tag: 'order-order-1-resultReady',
      }),
    });
    // A designer taking the order is no news worth a system notification: the next news is the second.
    serverSays({ orderId: 'order-2', from: C.new, condition: C.inWork });
    serverSays({ orderId: 'order-3', from: C.refusalReview, condition: C.refused });
    await waitFor(() => expect(shown).toHaveLength(2));
    expect(shown[1]!.options.tag).toBe('order-order-3-refused');
  });

  it('shows the in-app notice while hidden when the customer did not choose browser notifications', async () => {
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
      },
    );
    await openLoggedIn();
    pageHidden();
    serverSays({ from: C.resultReview, condition: C.done });
    expect(await screen.findByText(OrderNoticeText.resultReady.title)).toBeInTheDocument();
  });
});
