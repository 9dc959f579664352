import { ADMIN_VERSION_LABEL } from '@retouch/shared/constants';
import type { PermissionEntry } from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import { Flex, Layout, Menu, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { selectedMenuKey, visibleMenuItems } from '../config/menu-items';
import { pageTrail } from '../config/page-trail';
import { AdminBreadcrumb } from './admin-breadcrumb';
import { AdminTopBar } from './admin-top-bar';

interface AdminLayoutProps {
  email: string;
  permissions: readonly PermissionEntry[];
  onExit: () => void;
  exiting: boolean;
  /** Controls of the top bar before the e-mail (the designer-notification toggle, the shift button). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The back office frame: top bar with its actions and the exit control, a collapsible sidebar built from
 * permissions, and above each screen its breadcrumb; the document's title names the screen.
 */
export function AdminLayout({ email, permissions, onExit, exiting, actions, children }: AdminLayoutProps) {
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const items = visibleMenuItems(permissions);
  const selected = selectedMenuKey(items, pathname);
  const trail = pageTrail(pathname);
  useDocumentTitle(trail.title);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} theme="light" breakpoint="lg">
        <Flex vertical justify="space-between" style={{ height: '100%' }}>
          <nav aria-label={AdminText.panelTitle}>
            <Menu
              mode="inline"
              selectedKeys={selected ? [selected] : []}
              items={items.map(({ key, path, label, icon: Icon }) => ({
                key,
                icon: <Icon aria-hidden />,
                label: (
                  <Link to={path} aria-current={key === selected ? 'page' : undefined}>
                    {label}
                  </Link>
                ),
              }))}
            />
          </nav>
          <Typography.Text
            type="secondary"
            style={{ padding: 16, textAlign: 'center' }}
            data-testid="admin-version"
          >
            {collapsed ? ADMIN_VERSION_LABEL : `${AdminText.version} ${ADMIN_VERSION_LABEL}`}
          </Typography.Text>
        </Flex>
      </Layout.Sider>
      <Layout>
        <AdminTopBar email={email} onExit={onExit} exiting={exiting} actions={actions} />
        <Layout.Content style={{ padding: 24 }}>
          <AdminBreadcrumb crumbs={trail.crumbs} />
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
