import { ALL_PERMISSION_SIGNS } from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdminShellText } from '../texts';
import { AdminLayout } from './admin-layout';

const everyPermission = ALL_PERMISSION_SIGNS.map((sign) => ({ sign, status: true }));

function openAt(path: string) {
  const layout = (
    <AdminLayout
      email="admin@retouch.local"
      permissions={everyPermission}
      onExit={() => undefined}
      exiting={false}
    >
      {null}
    </AdminLayout>
  );
  const router = createMemoryRouter([{ path: '*', element: layout }], { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { ...view, user: userEvent.setup(), location: () => router.state.location };
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

const ORDER_ID = '3f1c6a5e-8a1b-4d7a-9d59-8c1f0c6f5b11';
const breadcrumbNav = () => screen.getByRole('navigation', { name: AdminShellText.breadcrumb });
const breadcrumb = () => within(breadcrumbNav());
/** The crumbs as read, the separators left out (hidden from assistive technology). */
const crumbs = () =>
  breadcrumb()
    .getAllByRole('listitem')
    .map((crumb) => crumb.textContent);
/** The crumbs that are links, with where they lead. */
const crumbLinks = () =>
  breadcrumb()
    .queryAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
/** The crumbs marked as the page shown. */
const shownCrumbs = () => [...breadcrumbNav().querySelectorAll<HTMLElement>('[aria-current="page"]')];
const titled = (page: string) => `${page} — ${AdminText.panelTitle}`;

describe('admin breadcrumb', () => {
  it('shows Главная alone on /admin, as the page shown', () => {
    openAt('/admin');
    expect(crumbs()).toEqual([AdminText.home]);
    expect(crumbLinks()).toEqual([]);
    expect(shownCrumbs().map((crumb) => crumb.textContent)).toEqual([AdminText.home]);
  });

  it('shows Главная › Заказы on /admin/orders, Главная leading home and Заказы the page shown', () => {
    openAt('/admin/orders?page=2');
    expect(crumbs()).toEqual([AdminText.home, AdminText.menuOrders]);
    expect(crumbLinks()).toEqual([[AdminText.home, '/admin']]);
    expect(shownCrumbs().map((crumb) => crumb.textContent)).toEqual([AdminText.menuOrders]);
  });

  it("shows an order's details under Заказы, the order by its short id with the whole id to hover", () => {
    openAt(`/admin/info/order/${ORDER_ID}`);
    expect(crumbs()).toEqual([AdminText.home, AdminText.menuOrders, 'Заказ 3f1c6a5e']);
    expect(crumbLinks()).toEqual([
      [AdminText.home, '/admin'],
      [AdminText.menuOrders, '/admin/orders'],
    ]);
    const [shown] = shownCrumbs();
    expect(shown).toHaveTextContent('Заказ 3f1c6a5e');
    expect(within(shown!).getByTitle(ORDER_ID)).toHaveTextContent('3f1c6a5e');
  });

  it('goes to the orders on a click of the Заказы crumb', async () => {
    const { user, location } = openAt(`/admin/info/order/${ORDER_ID}`);
    await user.click(breadcrumb().getByRole('link', { name: AdminText.menuOrders }));
    expect(location().pathname).toBe('/admin/orders');
    expect(crumbs()).toEqual([AdminText.home, AdminText.menuOrders]);
  });

  it('shows only Главная, as a way back, on a page the sidebar does not list', () => {
    openAt('/admin/no-such-screen');
    expect(crumbs()).toEqual([AdminText.home]);
    expect(crumbLinks()).toEqual([[AdminText.home, '/admin']]);
    expect(shownCrumbs()).toEqual([]);
  });
});

describe('admin document title', () => {
  it('names the screen, then the order, and gives the site its title back on leaving', async () => {
    document.title = 'Retouch';
    const { user, unmount } = openAt(`/admin/info/order/${ORDER_ID}`);
    expect(document.title).toBe(titled('Заказ 3f1c6a5e'));

    await user.click(breadcrumb().getByRole('link', { name: AdminText.menuOrders }));
    await waitFor(() => expect(document.title).toBe(titled(AdminText.menuOrders)));
    await user.click(breadcrumb().getByRole('link', { name: AdminText.home }));
    await waitFor(() => expect(document.title).toBe(titled(AdminText.home)));

    unmount();
    expect(document.title).toBe('Retouch');
  });

  it('says a page the sidebar does not list is not found', () => {
    openAt('/admin/no-such-screen');
    expect(document.title).toBe(titled(AdminText.pageNotFound));
  });
});
