import { PERMISSION_DESCRIPTIONS, type PermissionEntry } from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import type { UserInfo } from '@retouch/shared/users';
import { Card, Skeleton, Typography } from 'antd';
import { PermissionsLoadError } from './permissions-load-error';

interface AdminHomeProps {
  user: UserInfo;
  permissions: readonly PermissionEntry[];
  loading: boolean;
  /** The permissions could not be loaded: the status code of the load (null without an answer). */
  failure: { status: number | null } | null;
}

/** The index of /admin: a greeting and the permissions the staff member holds. */
export function AdminHome({ user, permissions, loading, failure }: AdminHomeProps) {
  const granted = permissions
    .filter((entry) => entry.status)
    .map((entry) => entry.sign)
    .sort((a, b) => a - b);
  return (
    <Card>
      <Typography.Title level={3}>
        {AdminText.greeting}, {user.name.giveName}!
      </Typography.Title>
      <Typography.Title level={5}>{AdminText.yourPermissions}</Typography.Title>
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : failure ? (
        <PermissionsLoadError status={failure.status} />
      ) : granted.length === 0 ? (
        <Typography.Text type="secondary">{AdminText.noPermissions}</Typography.Text>
      ) : (
        <ul aria-label={AdminText.yourPermissions}>
          {granted.map((sign) => (
            <li key={sign}>{PERMISSION_DESCRIPTIONS[sign]}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}
