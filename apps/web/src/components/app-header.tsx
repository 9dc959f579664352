import { BREAKPOINTS } from '@retouch/shared/constants';
import { CustomerText } from '@retouch/shared/texts';
import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Layout, theme } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useMediaQuery } from '@/lib/use-media-query';

export interface NavItem {
  to: string;
  label: string;
}

interface AppHeaderProps {
  navItems: readonly NavItem[];
  /** The right-hand block; `vertical` is true inside the mobile drawer. */
  renderActions: (vertical: boolean) => ReactNode;
}

/** The customer site's header; at the mobile breakpoint it folds into a burger and a drawer. */
export function AppHeader({ navItems, renderActions }: AppHeaderProps) {
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const compact = useMediaQuery(`(max-width: ${BREAKPOINTS.mobile}px)`);
  // The drawer belongs to the page it was opened on, so navigating closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);

  const nav = (vertical: boolean) => (
    <nav aria-label="Main">
      <Flex gap="middle" vertical={vertical}>
        {navItems.map((item) => (
          <NavLink key={item.to} to={item.to} end onClick={() => setDrawerPath(null)}>
            {item.label}
          </NavLink>
        ))}
      </Flex>
    </nav>
  );

  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        paddingInline: 24,
        height: 'auto',
        minHeight: 64,
        lineHeight: 'normal',
      }}
    >
      <Flex align="center" justify="space-between" gap="large" style={{ minHeight: 64 }}>
        <Flex align="center" gap="large">
          <Link to="/" style={{ fontWeight: 600, fontSize: 18 }}>
            Retouch
          </Link>
          {!compact && nav(false)}
        </Flex>
        {compact ? (
          <Button
            type="text"
            icon={<MenuOutlined aria-hidden />}
            aria-label={CustomerText.openMenu}
            onClick={() => setDrawerPath(pathname)}
          />
        ) : (
          renderActions(false)
        )}
      </Flex>
      {compact && (
        <Drawer open={drawerPath === pathname} onClose={() => setDrawerPath(null)} placement="right">
          <Flex vertical gap="large">
            {nav(true)}
            {renderActions(true)}
          </Flex>
        </Drawer>
      )}
    </Layout.Header>
  );
}
