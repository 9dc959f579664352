import { CustomerText } from '@retouch/shared/texts';
import { Layout } from 'antd';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { AppHeader, type NavItem } from '@/components/app-header';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { AuthButtons } from '@/features/auth/components/auth-buttons';
import { useSession } from '@/features/auth/hooks/use-session';
import { BuyTokensButton } from '@/features/buy-tokens/components/buy-tokens-button';
import { BuyTokensDialog } from '@/features/buy-tokens/components/buy-tokens-dialog';
import { EditorText } from '@/features/editor/texts';
import { OrderNotices } from '@/features/notifications/components/order-notices';
import { PortfolioText } from '@/features/portfolio/texts';
import { SiteFooter } from '@/features/site/components/site-footer';

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

/** The customer site's frame: header, page and footer, and the buy-tokens dialog the header opens. */
export function CustomerLayout() {
  const { loggedIn, user } = useSession();
  // Kept per user, so the dialog never reopens for someone who logs in after an exit.
  const [buyerId, setBuyerId] = useState<string | null>(null);
  const openBuyTokens = () => setBuyerId(user?._id ?? null);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader
        navItems={navItems}
        renderActions={(vertical) =>
          loggedIn ? (
            <AccountMenu
              vertical={vertical}
              onBalanceClick={openBuyTokens}
              balanceAction={<BuyTokensButton onClick={openBuyTokens} />}
            />
          ) : (
            <AuthButtons vertical={vertical} />
          )
        }
      />
      <Layout.Content style={{ padding: '32px 16px' }}>
        <Outlet context={{ openBuyTokens } satisfies CustomerOutletContext} />
      </Layout.Content>
      <SiteFooter />
      <OrderNotices userId={user?._id} />
      {user && buyerId === user._id && (
        <BuyTokensDialog balance={user.balance} onClose={() => setBuyerId(null)} />
      )}
    </Layout>
  );
}
