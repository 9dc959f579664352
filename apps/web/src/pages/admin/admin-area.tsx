import { hasPermission, PermissionSign } from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import type { UserInfo } from '@retouch/shared/users';
import { App, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
// Ant Design's calendars take their first weekday from dayjs's locale of the same name: without it
// loaded, a Russian calendar began its weeks on Sunday (issue 36).
import 'dayjs/locale/ru';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { NotFound } from '@/components/not-found';
import { PageSpinner } from '@/components/page-spinner';
import { RequireAdmin } from '@/components/require-admin';
import { AdminHome } from '@/features/admin/components/admin-home';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { ConnectionStatus } from '@/features/admin/components/connection-status';
import { RequireSign } from '@/features/admin/components/require-sign';
import { useLogout } from '@/features/auth/api/logout';
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { DesignerCabinetProvider } from '@/features/designer-cabinet/components/designer-cabinet-provider';
import { OrderAlertsSwitch } from '@/features/designer-cabinet/components/order-alerts-switch';
import { useDesignerCabinet } from '@/features/designer-cabinet/hooks/use-designer-cabinet';
import { clearDraft } from '@/features/editor/stores/editor-draft-store';
import { ModeratorWorkplaceProvider } from '@/features/moderator-workplace/components/moderator-workplace-provider';
import { ShiftButton } from '@/features/shift/components/shift-button';
import { LiveAnnouncerProvider } from '@/lib/live-announcer';
import { useSession } from '@/lib/session/use-session';

const CatalogPage = lazy(() => import('./catalog-page'));
const DegreeActionPage = lazy(() => import('./degree-action-page'));
const ReasonRefusalPage = lazy(() => import('./reason-refusal-page'));
const PayConfigPage = lazy(() => import('./pay-config-page'));
const DesignPage = lazy(() => import('./design-page'));
const ModerPage = lazy(() => import('./moder-page'));
const OrdersPage = lazy(() => import('./orders-page'));
const OrderInfoPage = lazy(() => import('./order-info-page'));
const UserManagementPage = lazy(() => import('./user-management-page'));
const RolesPage = lazy(() => import('./roles-page'));
const SiteSettingsPage = lazy(() => import('./site-settings-page'));
const AnalyticsPage = lazy(() => import('./analytics-page'));
const AuditPage = lazy(() => import('./audit-page'));

// Each screen is its own chunk inside the admin chunk, shown with the sign of its menu row.
const lazyScreen = (menuKey: string, screen: ReactNode) => (
  <RequireSign menuKey={menuKey}>
    <Suspense fallback={<PageSpinner />}>{screen}</Suspense>
  </RequireSign>
);

function AdminShell({ user }: { user: UserInfo }) {
  const { permissions } = useSession();
  // The exit forgets the editor draft on this computer, as the customer site's does.
  const logout = useLogout(clearDraft);
  const designer = hasPermission(permissions, PermissionSign.cabinetDesigner);
  // The announcer's regions outlive the pages, so a socket notice is read on any of them.
  return (
    <LiveAnnouncerProvider>
      <DesignerCabinetProvider designer={designer}>
        <ModeratorWorkplaceProvider>
          <AdminLayout
            email={user.email}
            permissions={permissions}
            onExit={() => logout.mutate()}
            exiting={logout.isPending}
            actions={<TopBarActions designer={designer} />}
          >
            <Outlet />
          </AdminLayout>
        </ModeratorWorkplaceProvider>
      </DesignerCabinetProvider>
    </LiveAnnouncerProvider>
  );
}

/**
 * The connection's state and the shift button for all staff ("The header shift button may be used by
 * anyone", back office section 4); the designer-notification toggle for cabinetDesigner (section 6).
 */
function TopBarActions({ designer }: { designer: boolean }) {
  const { endShift, order } = useDesignerCabinet();
  return (
    <>
      <ConnectionStatus />
      {designer && <OrderAlertsSwitch />}
      <ShiftButton onEnded={endShift} holdingOrder={order !== null} />
    </>
  );
}

/** The greeting and one's permissions; under them the dashboard, for staff who may look at orders. */
function AdminHomePage({ user }: { user: UserInfo }) {
  const { permissions, permissionsLoading, permissionsFailure } = useSession();
  const lookOrders = hasPermission(permissions, PermissionSign.lookOrders);
  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <AdminHome
        user={user}
        permissions={permissions}
        loading={permissionsLoading}
        failure={permissionsFailure}
      />
      {lookOrders && <DashboardOverview />}
    </div>
  );
}

/** The back office under /admin (a lazy chunk, in Russian); later screens add a route here and a menu row. */
export default function AdminArea() {
  useEffect(() => {
    document.documentElement.lang = 'ru';
    return () => {
      document.documentElement.lang = 'en';
    };
  }, []);
  return (
    <ConfigProvider locale={ruRU}>
      <App>
        <RequireAdmin>
          {(user) => (
            <Routes>
              <Route element={<AdminShell user={user} />}>
                <Route index element={<AdminHomePage user={user} />} />
                <Route path="slider" element={lazyScreen('slider', <CatalogPage />)} />
                <Route path="degree-action" element={lazyScreen('degree-action', <DegreeActionPage />)} />
                <Route path="reason-refusal" element={lazyScreen('reason-refusal', <ReasonRefusalPage />)} />
                <Route path="pay-config" element={lazyScreen('pay-config', <PayConfigPage />)} />
                <Route path="design" element={lazyScreen('design', <DesignPage />)} />
                <Route path="moder" element={lazyScreen('moder', <ModerPage />)} />
                <Route path="orders" element={lazyScreen('orders', <OrdersPage />)} />
                <Route path="info/order/:id" element={lazyScreen('orders', <OrderInfoPage />)} />
                <Route
                  path="user-management"
                  element={lazyScreen('user-management', <UserManagementPage />)}
                />
                <Route path="roles" element={lazyScreen('roles', <RolesPage />)} />
                {/* Any staff may look at the settings; editing them needs editSite (back office section 2). */}
                <Route
                  path="site-settings"
                  element={
                    <Suspense fallback={<PageSpinner />}>
                      <SiteSettingsPage />
                    </Suspense>
                  }
                />
                <Route path="analytics" element={lazyScreen('analytics', <AnalyticsPage />)} />
                <Route path="audit" element={lazyScreen('audit', <AuditPage />)} />
                <Route
                  path="*"
                  element={
                    <NotFound
                      subTitle={AdminText.pageNotFound}
                      backLabel={AdminText.backHome}
                      backTo="/admin"
                    />
                  }
                />
              </Route>
            </Routes>
          )}
        </RequireAdmin>
      </App>
    </ConfigProvider>
  );
}
