import { permissionDescription, type AdminUser, type PermissionSwitch } from '@retouch/shared/admin-users';
import { AdminText } from '@retouch/shared/texts';
import { App, Button, Divider, Flex, Modal, Select, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { useRoles } from '@/lib/api/get-roles';
import { useAssignRole } from '../api/assign-role';
import { usePermissionsOf } from '../api/get-permissions-of';
import { useSetCustomPermissions } from '../api/set-custom-permissions';
import { UserManagementText } from '../texts';

/** A user's role (a select of roles) and their own nine permission switches (back office section 6). */
export function UserPermissionsModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const current = usePermissionsOf(user._id);
  const roles = useRoles();

  return (
    <Modal
      open
      title={`${UserManagementText.userPermissions}: ${user.email}`}
      footer={null}
      mask={{ closable: false }}
      onCancel={onClose}
    >
      {current.isError || roles.isError ? (
        <LoadError
          title={AdminText.somethingWrong}
          retryLabel={AdminText.tryAgain}
          onRetry={() => {
            void current.refetch();
            void roles.refetch();
          }}
        />
      ) : current.data && roles.data ? (
        <PermissionsForm
          userId={user._id}
          roleId={current.data.role._id}
          custom={current.data.custom}
          permissions={current.data.permissions}
          roles={roles.data.map((role) => ({ value: role._id, label: role.title }))}
        />
      ) : (
        <div aria-busy="true" aria-label={UserManagementText.loading}>
          <Skeleton active paragraph={{ rows: 6 }} title={false} />
        </div>
      )}
    </Modal>
  );
}

interface PermissionsFormProps {
  userId: string;
  roleId: string;
  custom: boolean;
  permissions: PermissionSwitch[];
  roles: Array<{ value: string; label: string }>;
}

function PermissionsForm({ userId, roleId, custom, permissions, roles }: PermissionsFormProps) {
  const { notification } = App.useApp();
  const assignRole = useAssignRole();
  const setCustom = useSetCustomPermissions();
  const [chosenRole, setChosenRole] = useState(roleId);
  const [switches, setSwitches] = useState(permissions);
  const pending = assignRole.isPending || setCustom.isPending;

  const done = {
    onSuccess: ({
      message,
      permissions: saved,
    }: {
      message: string;
      permissions: { permissions: PermissionSwitch[] };
    }) => {
      setSwitches(saved.permissions);
      notification.success({ title: message });
    },
    onError: (error: unknown) =>
      notification.error({
        title: AdminText.error,
        description: errorMessage(error, AdminText.somethingWrong),
      }),
  };
  const toggle = (sign: PermissionSwitch['sign'], status: boolean) =>
    setSwitches((list) => list.map((entry) => (entry.sign === sign ? { ...entry, status } : entry)));

  return (
    <Flex vertical gap="middle">
      <Flex gap="small" align="center" wrap>
        <Select
          aria-label={UserManagementText.role}
          placeholder={UserManagementText.chooseRole}
          value={chosenRole}
          options={roles}
          onChange={setChosenRole}
          style={{ minWidth: 200 }}
          disabled={pending}
        />
        <Button
          type="primary"
          loading={assignRole.isPending}
          disabled={pending}
          onClick={() => assignRole.mutate({ userId, roleId: chosenRole }, done)}
        >
          {UserManagementText.assignRole}
        </Button>
      </Flex>
      <Typography.Text type="secondary">
        {custom ? UserManagementText.customOn : UserManagementText.customOff}
      </Typography.Text>
      <Divider titlePlacement="start">{UserManagementText.customPermissions}</Divider>
      <Flex vertical gap="small">
        {switches.map((entry) => (
          <Flex key={entry.sign} justify="space-between" align="center">
            <span id={`user-permission-${entry.sign}`}>{permissionDescription(entry.sign)}</span>
            <Switch
              aria-labelledby={`user-permission-${entry.sign}`}
              checked={entry.status}
              disabled={pending}
              onChange={(status) => toggle(entry.sign, status)}
            />
          </Flex>
        ))}
      </Flex>
      <Button
        loading={setCustom.isPending}
        disabled={pending}
        onClick={() => setCustom.mutate({ userId, permissions: switches }, done)}
      >
        {UserManagementText.saveCustom}
      </Button>
    </Flex>
  );
}
