import { hasPermission } from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useSession } from '@/lib/session/use-session';
import { ADMIN_MENU_ITEMS } from '../config/menu-items';
import { PermissionsLoadError } from './permissions-load-error';

/**
 * A back-office screen shown only with the sign of its menu row (back office section 6); without it a
 * clear refusal instead of a screen whose calls the server would refuse anyway. The server's guard is
 * the protection; this is the courtesy.
 */
export function RequireSign({ menuKey, children }: { menuKey: string; children: ReactNode }) {
  const { permissions, permissionsLoading, permissionsFailure } = useSession();
  const navigate = useNavigate();
  const sign = ADMIN_MENU_ITEMS.find((item) => item.key === menuKey)?.sign;
  if (sign === undefined) throw new Error(`No admin menu row ${menuKey}`);
  if (permissionsLoading) return <PageSpinner />;
  if (permissionsFailure) return <PermissionsLoadError status={permissionsFailure.status} />;
  if (hasPermission(permissions, sign)) return children;
  return (
    <Result
      status="403"
      title={AdminText.noAccess}
      subTitle={AdminText.noAccessHint}
      extra={
        <Button type="primary" onClick={() => void navigate('/admin')}>
          {AdminText.backHome}
        </Button>
      }
    />
  );
}
