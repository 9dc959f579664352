import { hasPermission, PermissionSign } from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import type { UserInfo } from '@retouch/shared/users';
import { App, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { NotFound } from '@/components/not-found';
import { PageSpinner } from '@/components/page-spinner';
import { AdminHome } from '@/features/admin/components/admin-home';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { useLogout } from '@/features/auth/api/logout';
import { RequireAdmin } from '@/features/auth/components/require-admin';
import { useSession } from '@/features/auth/hooks/use-session';
import { DesignerCabinetProvider } from '@/features/designer-cabinet/components/designer-cabinet-provider';
import { OrderAlertsSwitch } from '@/features/designer-cabinet/components/order-alerts-switch';
import { useDesignerCabinet } from '@/features/designer-cabinet/hooks/use-designer-cabinet';
import { ShiftButton } from '@/features/shift/components/shift-button';

const CatalogPage = lazy(() => import('./catalog-page'));
const DegreeActionPage = lazy(() => import('./degree-action-page'));
const ReasonRefusalPage = lazy(() => import('./reason-refusal-page'));
const PayConfigPage = lazy(() => import('./pay-config-page'));
const DesignPage = lazy(() => import('./design-page'));

// Each screen is its own chunk inside the admin chunk.
const lazyScreen = (screen: ReactNode) => <Suspense fallback={<PageSpinner />}>{screen}</Suspense>;

function AdminShell({ user }: { user: UserInfo }) {
  const { permissions } = useSession();
  const logout = useLogout();
  const designer = hasPermission(permissions, PermissionSign.cabinetDesigner);
  return (
    <DesignerCabinetProvider>
      <AdminLayout
        email={user.email}
        permissions={permissions}
        onExit={() => logout.mutate()}
        exiting={logout.isPending}
        actions={<TopBarActions designer={designer} />}
      >
        <Outlet />
      </AdminLayout>
    </DesignerCabinetProvider>
  );
}

/** The designer-notification toggle (cabinetDesigner only) and the shift button anyone may use. */
function TopBarActions({ designer }: { designer: boolean }) {
  const { leaveSearch } = useDesignerCabinet();
  return (
    <>
      {designer && <OrderAlertsSwitch />}
      <ShiftButton onEnded={leaveSearch} />
    </>
  );
}

function AdminHomePage({ user }: { user: UserInfo }) {
  const { permissions, permissionsLoading } = useSession();
  return <AdminHome user={user} permissions={permissions} loading={permissionsLoading} />;
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
                <Route path="slider" element={lazyScreen(<CatalogPage />)} />
                <Route path="degree-action" element={lazyScreen(<DegreeActionPage />)} />
                <Route path="reason-refusal" element={lazyScreen(<ReasonRefusalPage />)} />
                <Route path="pay-config" element={lazyScreen(<PayConfigPage />)} />
                <Route path="design" element={lazyScreen(<DesignPage />)} />
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
