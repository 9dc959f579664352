import { CustomerText } from '@retouch/shared/texts';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AppHeader, type NavItem } from '@/components/app-header';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { AuthButtons } from '@/features/auth/components/auth-buttons';
import { useSessionFlags } from '@/features/auth/stores/session-flags';
import { PortfolioText } from '@/features/portfolio/texts';

// Only routes that exist are linked; later pages add their row.
const navItems: readonly NavItem[] = [
  { to: '/', label: CustomerText.home },
  { to: '/portfolio', label: PortfolioText.navLabel },
];

/** The customer site's frame: header and page. */
export function CustomerLayout() {
  const { loggedIn } = useSessionFlags();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader
        navItems={navItems}
        renderActions={(vertical) =>
          loggedIn ? <AccountMenu vertical={vertical} /> : <AuthButtons vertical={vertical} />
        }
      />
      <Layout.Content style={{ padding: '32px 16px' }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
