import { NotificationText } from '@retouch/shared/notifications';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSessionFlags } from '@/lib/session/session-flags';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

async function openProfile(orderEmails = true) {
  setSessionFlags({ isAdmin: false });
  const api = mockFetch({
    'GET /api/user/info': { body: aUser() },
    'GET /api/user/notifications': { body: { orderEmails } },
    'PATCH /api/user/notifications': (call) => ({ body: call.body }),
  });
  const view = renderApp('/profile');
  await screen.findByText(NotificationText.settingsTitle);
  return { ...view, ...api };
}

const emailsSwitch = () => screen.getByRole('switch', { name: NotificationText.orderEmails });
const browserSwitch = () => screen.getByRole('switch', { name: NotificationText.browserNotifications });

/** A browser's Notification whose permission prompt answers `answer`. */
function stubNotification(answer: NotificationPermission) {
  const FakeNotification = {
    permission: 'default' as NotificationPermission,
    requestPermission: vi.fn(async () => {
      FakeNotification.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', FakeNotification);
  return FakeNotification;
}

describe('the notification switches of the profile', () => {
  it('shows the e-mail switch as the server keeps it and saves a change', async () => {
    const { user, callsTo } = await openProfile(true);
    await waitFor(() => expect(emailsSwitch()).toBeChecked());

    await user.click(emailsSwitch());
    await waitFor(() => expect(callsTo('PATCH', '/api/user/notifications')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/user/notifications')[0]!.body).toEqual({ orderEmails: false });
    await waitFor(() => expect(emailsSwitch()).not.toBeChecked());
  });

  it('turns browser notifications on once the browser allows them, saying when pushes cannot be set up', async () => {
    const notification = stubNotification('granted');
    // The reason is left in the console for whoever looks; here it is expected, and kept out of the output.
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = await openProfile();
    expect(browserSwitch()).not.toBeChecked();

    await user.click(browserSwitch());
    expect(notification.requestPermission).toHaveBeenCalledOnce();
    // This test browser has no service worker: notifications come from an open tab only.
    expect(await screen.findByText(NotificationText.pushUnavailable)).toBeVisible();
    expect(consoleWarn).toHaveBeenCalledWith('Web Push could not be set up', expect.any(Error));
    consoleWarn.mockRestore();
    expect(browserSwitch()).toBeChecked();

    await user.click(browserSwitch());
    await waitFor(() => expect(browserSwitch()).not.toBeChecked());
  });

  it('stays off when the browser blocks notifications, and says how to allow them', async () => {
    stubNotification('denied');
    const { user } = await openProfile();
    await user.click(browserSwitch());
    expect(await screen.findByText(NotificationText.browserBlocked)).toBeVisible();
    expect(browserSwitch()).not.toBeChecked();
  });

  it('is disabled in a browser without notifications', async () => {
    vi.stubGlobal('Notification', undefined);
    await openProfile();
    expect(browserSwitch()).toBeDisabled();
    expect(screen.getByText(NotificationText.browserUnsupported)).toBeVisible();
  });
});
