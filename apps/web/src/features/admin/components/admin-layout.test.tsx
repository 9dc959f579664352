import { ALL_PERMISSION_SIGNS } from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdminLayout } from './admin-layout';

const everyPermission = ALL_PERMISSION_SIGNS.map((sign) => ({ sign, status: true }));

function openAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminLayout
        email="admin@retouch.local"
        permissions={everyPermission}
        onExit={() => undefined}
        exiting={false}
      >
        {null}
      </AdminLayout>
    </MemoryRouter>,
  );
}

/** The sidebar rows marked as the page shown. */
const currentRows = () =>
  within(screen.getByRole('navigation', { name: AdminText.panelTitle }))
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('admin sidebar', () => {
  // Every admin route of the specification (back office section 2), with a value for its parameter.
  it.each([
    ['/admin', AdminText.home],
    ['/admin/slider', AdminText.menuServices],
    ['/admin/orders', AdminText.menuOrders],
    ['/admin/orders?email=ann%40example.com&page=2', AdminText.menuOrders],
    ['/admin/info/order/order-1', AdminText.menuOrders],
    ['/admin/user-management', AdminText.menuUsers],
    ['/admin/roles', AdminText.menuRoles],
    ['/admin/degree-action', AdminText.menuDegrees],
    ['/admin/reason-refusal', AdminText.menuReasons],
    ['/admin/pay-config', AdminText.menuPackages],
    ['/admin/site-settings', AdminText.menuSiteSettings],
    ['/admin/analytics', AdminText.menuAnalytics],
    ['/admin/design', AdminText.menuDesigner],
    ['/admin/moder', AdminText.menuModerator],
  ])('marks the row of %s as the current page', (path, row) => {
    openAt(path);
    expect(currentRows()).toEqual([row]);
  });

  it('marks no row on a page the sidebar does not list (not the home row)', () => {
    openAt('/admin/no-such-screen');
    expect(currentRows()).toEqual([]);
  });
});
