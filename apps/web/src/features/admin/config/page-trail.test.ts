import { AuditText } from '@retouch/shared/audit';
import { AdminText } from '@retouch/shared/texts';
import { describe, expect, it } from 'vitest';
import { AdminShellText } from '../texts';
import { ADMIN_MENU_ITEMS } from './menu-items';
import { crumbText, pageTrail } from './page-trail';

const ORDER_ID = '3f1c6a5e-8a1b-4d7a-9d59-8c1f0c6f5b11';
const titled = (page: string) => `${page} — ${AdminText.panelTitle}`;
/** The crumbs as text, with where each leads (none: the page shown). */
const crumbsOf = (pathname: string) =>
  pageTrail(pathname).crumbs.map((crumb) => [crumbText(crumb), crumb.path]);

describe('pageTrail', () => {
  it('gives /admin Главная alone, not a link, titled Главная', () => {
    expect(crumbsOf('/admin')).toEqual([[AdminText.home, undefined]]);
    expect(pageTrail('/admin').title).toBe(titled(AdminText.home));
  });

  it.each([
    ['/admin/orders', AdminText.menuOrders],
    ['/admin/orders/', AdminText.menuOrders],
    ['/admin/audit', AuditText.screenTitle],
    ['/admin/site-settings', AdminText.menuSiteSettings],
    ['/admin/moder', AdminText.menuModerator],
  ])('gives %s Главная as a link, then its menu label, which names the tab', (pathname, label) => {
    expect(crumbsOf(pathname)).toEqual([
      [AdminText.home, '/admin'],
      [label, undefined],
    ]);
    expect(pageTrail(pathname).title).toBe(titled(label));
  });

  it('gives every menu row a trail ending in its label (one source for the sidebar and the crumbs)', () => {
    for (const { path, label } of ADMIN_MENU_ITEMS) {
      expect(pageTrail(path).crumbs.at(-1)).toEqual({ label });
    }
  });

  it("gives an order's details the orders as a link, then the order by its short id", () => {
    const trail = pageTrail(`/admin/info/order/${ORDER_ID}`);
    expect(crumbsOf(`/admin/info/order/${ORDER_ID}`)).toEqual([
      [AdminText.home, '/admin'],
      [AdminText.menuOrders, '/admin/orders'],
      [`${AdminShellText.orderCrumb} 3f1c6a5e`, undefined],
    ]);
    expect(trail.crumbs.at(-1)?.record).toEqual({ id: ORDER_ID, shortId: '3f1c6a5e' });
    expect(trail.title).toBe(titled(`${AdminShellText.orderCrumb} 3f1c6a5e`));
  });

  it.each(['/admin/no-such-screen', '/admin/info/order', '/admin/orders/extra'])(
    'gives %s, which no menu row knows, Главная alone as a link back and the not-found title',
    (pathname) => {
      expect(crumbsOf(pathname)).toEqual([[AdminText.home, '/admin']]);
      expect(pageTrail(pathname).title).toBe(titled(AdminText.pageNotFound));
    },
  );
});
