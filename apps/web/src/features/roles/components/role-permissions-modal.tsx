import { AdminUsersText, permissionDescription, type Role } from '@retouch/shared/admin-users';
import { AdminText } from '@retouch/shared/texts';
import { App, Flex, Modal, Switch } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useUpdateRolePermissions } from '../api/update-role';
import { RolesText } from '../texts';

/** The nine permission switches of a role, saved together. */
export function RolePermissionsModal({ role, onClose }: { role: Role; onClose: () => void }) {
  const { notification } = App.useApp();
  const updateRole = useUpdateRolePermissions();
  const [switches, setSwitches] = useState(() =>
    role.permissions.map(({ sign, status }) => ({ sign, status })),
  );

  const save = () =>
    updateRole.mutate(
      { id: role._id, permissions: switches },
      {
        onSuccess: ({ message }) => {
          notification.success({ title: message || AdminUsersText.roleChanged });
          onClose();
        },
        onError: (error) =>
          notification.error({
            title: AdminText.error,
            description: errorMessage(error, AdminText.somethingWrong),
          }),
      },
    );

  return (
    <Modal
      open
      title={`${RolesText.editPermissions}: ${role.title}`}
      okText={RolesText.save}
      cancelText={RolesText.cancel}
      confirmLoading={updateRole.isPending}
      mask={{ closable: false }}
      onOk={save}
      onCancel={onClose}
    >
      <Flex vertical gap="small">
        {switches.map((entry) => (
          <Flex key={entry.sign} justify="space-between" align="center">
            <span id={`role-permission-${entry.sign}`}>{permissionDescription(entry.sign)}</span>
            <Switch
              aria-labelledby={`role-permission-${entry.sign}`}
              checked={entry.status}
              disabled={updateRole.isPending}
              onChange={(status) =>
                setSwitches((list) =>
                  list.map((item) => (item.sign === entry.sign ? { ...item, status } : item)),
                )
              }
            />
          </Flex>
        ))}
      </Flex>
    </Modal>
  );
}
