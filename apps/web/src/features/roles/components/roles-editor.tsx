import type { Role } from '@retouch/shared/admin-users';
import { AdminText } from '@retouch/shared/texts';
import { EditOutlined } from '@ant-design/icons';
import { App, Button, Flex, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DeleteRowButton } from '@/components/editable-table/delete-row-button';
import { EditableTable } from '@/components/editable-table/editable-table';
import { errorMessage } from '@/lib/api-client';
import { useRoles } from '@/lib/api/get-roles';
import { useDeleteRole } from '../api/delete-role';
import { RoleRowLabel, RolesText } from '../texts';
import { CreateRoleForm } from './create-role-form';
import { RolePermissionsModal } from './role-permissions-modal';

/** The widest the granted permissions run before they wrap (about three tags a line). */
const PERMISSIONS_MAX_WIDTH = 560;

/**
 * /admin/roles (back office section 2, Roles screen): create a role, list the roles with their permissions,
 * edit a role's nine switches, delete a role (asks first). Admin and User are shown but locked.
 * The table is hidden while the dialog is open.
 */
export function RolesEditor() {
  const { notification } = App.useApp();
  const roles = useRoles();
  const deleteRole = useDeleteRole();
  const [editing, setEditing] = useState<Role | null>(null);

  const remove = (role: Role) =>
    deleteRole.mutateAsync(role._id).then(
      ({ message }) => notification.success({ title: message }),
      (error: unknown) =>
        notification.error({
          title: AdminText.error,
          description: errorMessage(error, AdminText.somethingWrong),
        }),
    );

  const columns: TableColumnsType<Role> = [
    {
      key: 'title',
      title: RolesText.roleName,
      render: (_, role) => (
        <Flex gap={4} wrap>
          {role.title}
          {role.protected && <Tag color="gold">{RolesText.protected}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'permissions',
      title: RolesText.permissions,
      render: (_, role) => {
        const granted = role.permissions.filter((p) => p.status);
        if (granted.length === 0) return RolesText.noPermissions;
        // Wrapped within a bound width: on one line they pushed the actions out of view.
        return (
          <Flex wrap gap={4} style={{ maxWidth: PERMISSIONS_MAX_WIDTH }}>
            {granted.map((p) => (
              <Tag key={p.sign}>{p.description}</Tag>
            ))}
          </Flex>
        );
      },
    },
    {
      key: 'actions',
      title: RolesText.actions,
      width: 120,
      // Pinned to the table's right edge: in view however wide the permissions make the table.
      fixed: 'end',
      render: (_, role) => {
        const locked = role.protected;
        const controls = (
          <Flex gap="small">
            <Button
              icon={<EditOutlined aria-hidden />}
              aria-label={RoleRowLabel.edit(role)}
              disabled={locked}
              onClick={() => setEditing(role)}
            />
            <DeleteRowButton
              question={RolesText.deleteConfirm}
              confirmTexts={{ ok: RolesText.delete, cancel: RolesText.cancel }}
              ariaLabel={RoleRowLabel.delete(role)}
              disabled={locked}
              onConfirm={() => remove(role)}
            />
          </Flex>
        );
        return locked ? <Tooltip title={RolesText.protectedHint}>{controls}</Tooltip> : controls;
      },
    },
  ];

  return (
    <EditableTable<Role>
      title={RolesText.title}
      header={<CreateRoleForm />}
      list={roles}
      columns={columns}
      texts={{ loading: RolesText.loading, empty: RolesText.empty }}
      dialog={editing && <RolePermissionsModal role={editing} onClose={() => setEditing(null)} />}
    />
  );
}
