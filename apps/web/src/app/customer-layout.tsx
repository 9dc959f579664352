import { CustomerText } from '@retouch/shared/texts';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { lazyWithAntd } from '@/components/antd-loader';
import { AppHeader, type NavItem } from '@/components/app-header';
import { AuthButtons } from '@/features/auth/components/auth-buttons';
import { EditorText } from '@/features/editor/texts';
import { PortfolioText } from '@/features/portfolio/texts';
import { SiteFooter } from '@/features/site/components/site-footer';
import { useSessionFlags } from '@/lib/session/session-flags';
import './customer-layout.css';

// What only a logged-in customer sees loads with Ant Design, after the page (decision 29).
const CustomerAccount = lazyWithAntd(() => import('./customer-account'));
const CustomerSession = lazyWithAntd(() => import('./customer-session'));
const LiveUpdatesOffline = lazyWithAntd(() => import('@/components/live-updates-offline'));

// Only routes that exist are linked; later pages add their row.
const navItems: readonly NavItem[] = [
  { to: '/', label: CustomerText.home },
  { to: '/portfolio', label: PortfolioText.navLabel },
  { to: '/core', label: EditorText.navLabel },
];

/** What the layout hands its pages (`useOutletContext`). */
export interface CustomerOutletContext {
  /** Opens the buy-tokens dialog (the editor's insufficient-funds modal leads there). */
  openBuyTokens: () => void;
}

/**
 * The customer site's frame: header, page and footer, and the buy-tokens dialog the header opens.
 * Plain HTML, prerendered with the public pages as a visitor sees them; the account block appears
 * after hydration.
 */
export function CustomerLayout() {
  const { loggedIn } = useSessionFlags();
  const [buyTokensOpen, setBuyTokensOpen] = useState(false);
  // An exit closes the dialog, so it never reopens for someone who logs in after.
  if (!loggedIn && buyTokensOpen) setBuyTokensOpen(false);
  const openBuyTokens = useCallback(() => setBuyTokensOpen(true), []);
  // The same object on every render: a new one would reach a page still waiting to be hydrated.
  const outletContext = useMemo(() => ({ openBuyTokens }) satisfies CustomerOutletContext, [openBuyTokens]);

  return (
    <div className="customer-layout">
      <AppHeader
        navItems={navItems}
        renderActions={(vertical) =>
          loggedIn ? (
            <Suspense fallback={null}>
              <CustomerAccount vertical={vertical} onBuyTokens={openBuyTokens} />
            </Suspense>
          ) : (
            <AuthButtons vertical={vertical} />
          )
        }
      />
      <main className="customer-layout__page">
        {loggedIn && (
          <Suspense fallback={null}>
            <LiveUpdatesOffline />
          </Suspense>
        )}
        <Outlet context={outletContext} />
      </main>
      <SiteFooter />
      {loggedIn && (
        <Suspense fallback={null}>
          <CustomerSession buyTokensOpen={buyTokensOpen} onBuyTokensClose={() => setBuyTokensOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
