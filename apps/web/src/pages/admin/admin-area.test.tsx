import { ADMIN_VERSION_LABEL } from '@retouch/shared/constants';
import type { CabinetSnapshot } from '@retouch/shared/dispatch';
import { PERMISSION_DESCRIPTIONS } from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminShellText } from '@/features/admin/texts';
import { DesignerText } from '@/features/designer-cabinet/texts';
import { ShiftText } from '@/features/shift/texts';
import { setSessionFlags } from '@/lib/session/session-flags';
import { FakeSocket } from '@/test/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { emulateWidth } from '@/test/viewport';

/** `GET /api/executor/state` off shift, no order in hand: what the designer cabinet reads on connecting. */
const OFF_SHIFT_CABINET: CabinetSnapshot = {
  shift: { startDate: null },
  order: null,
  extensionOffer: false,
  holderGraceSeconds: 60,
};

const admin = aUser({ email: 'admin@retouch.local', role: { title: 'Admin' }, isAdmin: true });
const designerPermissions = [
  { sign: 0, status: true },
  { sign: 4, status: false },
  { sign: 5, status: true },
];

function openAs(
  path: string,
  user: ReturnType<typeof aUser>,
  marker: boolean,
  permissions: Array<{ sign: number; status: boolean }> = designerPermissions,
) {
  setSessionFlags({ isAdmin: marker });
  const api = mockFetch({
    'GET /api/user/info': { body: user },
    'GET /api/admin/permissions/user': { body: permissions },
    'GET /api/executor/state': { body: OFF_SHIFT_CABINET },
    'GET /api/executor/shift': { status: 404, body: { message: 'Смена не начата' } },
    'POST /api/executor/shift/toggle': { body: { startDate: '2026-12-01T09:00:00.000Z' } },
    'POST /api/logout': { body: { message: 'You are logged out' } },
  });
  return { ...renderApp(path), ...api };
}

/** Media queries answered as a 390 px wide phone answers them. */
const onPhone = () => emulateWidth(390);

describe('/admin guard', () => {
  it('sends a logged-out visitor to /login with the target path', async () => {
    const { location } = renderApp('/admin/orders');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/admin/orders');
  });

  it('sends a customer to /', async () => {
    const { location } = openAs('/admin', aUser(), false);
    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it('sends staff without the admin marker in localStorage to /login', async () => {
    const { location } = openAs('/admin', admin, false);
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(location().search).toBe('?redirect=/admin');
  });

  it('sends staff the server does not flag as admin to /login', async () => {
    const { location } = openAs('/admin', { ...admin, isAdmin: false }, true);
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });
});

describe('admin shell', () => {
  it('shows the top bar, the sidebar with the version label and the granted permissions', async () => {
    openAs('/admin', admin, true);
    expect(await screen.findByTestId('admin-version')).toHaveTextContent(
      `${AdminText.version} ${ADMIN_VERSION_LABEL}`,
    );
    expect(screen.getByText(AdminText.panelTitle)).toBeInTheDocument();
    expect(screen.getByText(admin.email)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: AdminText.exit })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: AdminText.home })).toBeInTheDocument();

    const permissions = await screen.findByRole('list', { name: AdminText.yourPermissions });
    expect(
      within(permissions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([PERMISSION_DESCRIPTIONS[0], PERMISSION_DESCRIPTIONS[5]]);
  });

  it('shows the shift button and the notification toggle to a designer', async () => {
    openAs('/admin', admin, true);
    expect(await screen.findByRole('button', { name: ShiftText.start })).toBeInTheDocument();
    expect(await screen.findByLabelText(DesignerText.orderAlerts)).toBeInTheDocument();
  });

  // Back office section 4: "The header shift button may be used by anyone"; section 6 gives the
  // designer-notification toggle to cabinetDesigner.
  it('shows the shift button to anyone in the back office, the notification toggle to designers only', async () => {
    const { user, callsTo } = openAs('/admin', admin, true, [
      { sign: 0, status: true },
      { sign: 4, status: true },
    ]);
    await screen.findByRole('list', { name: AdminText.yourPermissions });
    await user.click(screen.getByRole('button', { name: ShiftText.start }));
    await waitFor(() => expect(callsTo('POST', '/api/executor/shift/toggle')).toHaveLength(1));
    expect(screen.queryByLabelText(DesignerText.orderAlerts)).not.toBeInTheDocument();
  });

  it('answers an unknown admin route with a 404 inside the shell', async () => {
    openAs('/admin/no-such-screen', admin, true);
    expect(await screen.findByText(AdminText.pageNotFound)).toBeInTheDocument();
    expect(screen.getByTestId('admin-version')).toBeInTheDocument();
  });

  it('asks before exiting, then logs out and goes to /login', async () => {
    const { user, location, callsTo } = openAs('/admin', admin, true);
    await user.click(await screen.findByRole('button', { name: AdminText.exit }));
    expect(await screen.findByText(AdminText.exitConfirm)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(callsTo('POST', '/api/logout')).toHaveLength(1);
    expect(localStorage.getItem('retouch.isAdmin')).toBeNull();
  });
});

describe('leaving the back office', () => {
  // The next person to log in at this computer must not land on the page the previous one left.
  it('exits to a plain /login, without the page the staff member was on', async () => {
    const { user, location } = openAs('/admin/user-management', admin, true);
    await user.click(await screen.findByRole('button', { name: AdminText.exit }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(location()).toMatchObject({ pathname: '/login', search: '' });
  });

  it('keeps the page in the login redirect when the session expired instead', async () => {
    let expired = false;
    setSessionFlags({ isAdmin: true });
    mockFetch({
      'GET /api/user/info': () =>
        expired ? { status: 401, body: { message: 'You are not logged in' } } : { body: admin },
      'GET /api/admin/permissions/user': { body: designerPermissions },
      'GET /api/executor/state': { body: OFF_SHIFT_CABINET },
      'GET /api/executor/shift': { status: 404, body: { message: 'Смена не начата' } },
    });
    const { location } = renderApp('/admin/user-management');
    expect(await screen.findByText(AdminText.noAccess)).toBeInTheDocument();
    await waitFor(() => expect(FakeSocket.created.at(-1)?.connect).toHaveBeenCalled());
    // Back from sleep: the socket connects again and what the page shows is read again.
    expired = true;
    act(() => FakeSocket.created.at(-1)!.serverEmit('connect'));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/admin/user-management');
  });
});

describe('top bar on a phone', () => {
  // Below 520 px the bar overflowed and the exit could not be reached (at 400 px).
  it('folds the e-mail, the shift and the exit into a menu, from which the staff member exits', async () => {
    onPhone();
    const { user, location, callsTo } = openAs('/admin', admin, true);
    await screen.findByRole('list', { name: AdminText.yourPermissions });
    const topBar = within(screen.getByRole('banner'));
    expect(topBar.getByText(AdminText.panelTitle)).toBeInTheDocument();
    expect(topBar.queryByText(admin.email)).not.toBeInTheDocument();
    expect(topBar.queryByRole('button', { name: ShiftText.start })).not.toBeInTheDocument();
    expect(topBar.queryByRole('button', { name: AdminText.exit })).not.toBeInTheDocument();

    await user.click(topBar.getByRole('button', { name: AdminShellText.openMenu }));
    const menu = within(await screen.findByRole('dialog'));
    expect(menu.getByText(admin.email)).toBeInTheDocument();
    expect(await menu.findByRole('button', { name: ShiftText.start })).toBeInTheDocument();
    await user.click(menu.getByRole('button', { name: AdminText.exit }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toMatchObject({ pathname: '/login', search: '' }));
    expect(callsTo('POST', '/api/logout')).toHaveLength(1);
  });
});

// Back office section 6: "If permission loading fails, the status code is returned."
describe('permissions that could not be loaded', () => {
  function openWithPermissionsFailing(path: string) {
    let failing = true;
    setSessionFlags({ isAdmin: true });
    const api = mockFetch({
      'GET /api/user/info': { body: admin },
      'GET /api/admin/permissions/user': () =>
        failing
          ? { status: 503, body: { message: 'busy' } }
          : { body: [0, 4].map((sign) => ({ sign, status: true })) },
      'GET /api/executor/state': { body: OFF_SHIFT_CABINET },
      'GET /api/executor/shift': { status: 404, body: { message: 'Смена не начата' } },
      'GET /api/admin/orders/': { body: { orders: [], total: 0 } },
    });
    return { ...renderApp(path), ...api, recover: () => (failing = false) };
  }

  it('names the status code on a screen instead of refusing it, and loads them again on demand', async () => {
    const { user, recover, callsTo } = openWithPermissionsFailing('/admin/orders');
    expect(await screen.findByText(AdminShellText.permissionsLoadFailed(503))).toBeInTheDocument();
    expect(screen.queryByText(AdminText.noAccess)).not.toBeInTheDocument();
    recover();
    await user.click(screen.getByRole('button', { name: AdminText.tryAgain }));
    await waitFor(() => expect(callsTo('GET', '/api/admin/orders/')).not.toHaveLength(0));
    expect(screen.queryByText(AdminShellText.permissionsLoadFailed(503))).not.toBeInTheDocument();
  });

  it('names the status code on the home page instead of saying none are granted', async () => {
    openWithPermissionsFailing('/admin');
    expect(await screen.findByText(AdminShellText.permissionsLoadFailed(503))).toBeInTheDocument();
    expect(screen.queryByText(AdminText.noPermissions)).not.toBeInTheDocument();
  });
});

describe('screens without their sign', () => {
  it('refuses a screen whose sign is missing without calling its routes', async () => {
    const { callsTo, user, location } = openAs('/admin/user-management', admin, true);
    expect(await screen.findByText(AdminText.noAccess)).toBeInTheDocument();
    expect(screen.getByText(AdminText.noAccessHint)).toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/users')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: AdminText.backHome }));
    await waitFor(() => expect(location().pathname).toBe('/admin'));
  });

  it('refuses the order details without lookOrders', async () => {
    openAs('/admin/info/order/order-1', admin, true);
    expect(await screen.findByText(AdminText.noAccess)).toBeInTheDocument();
  });
});
