import { AdminUsersText, type AdminUser } from '@retouch/shared/admin-users';
import { AuditText } from '@retouch/shared/audit';
import { ADMIN_PAGE_SIZES, DEFAULT_ADMIN_PAGE_SIZE } from '@retouch/shared/constants';
import { hasPermission, PermissionSign } from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import { AuditOutlined, DownloadOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Drawer,
  Empty,
  Flex,
  Input,
  Segmented,
  Table,
  Tag,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState, type ReactNode } from 'react';
import { DeleteRowButton } from '@/components/editable-table/delete-row-button';
import { LoadError } from '@/components/load-error';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session/use-session';
import { useAdminUsers, type UsersTableQuery } from '../api/get-admin-users';
import { useDeleteUser } from '../api/delete-user';
import { usersExportUrl } from '../api/export-users';
import { UserManagementText, UserRowLabel } from '../texts';
import { AddUserModal } from './add-user-modal';
import { EditUserModal } from './edit-user-modal';
import { UserPermissionsModal } from './user-permissions-modal';

type Dialog =
  { kind: 'add' } | { kind: 'edit'; user: AdminUser } | { kind: 'permissions'; user: AdminUser } | null;

const INITIAL_QUERY: UsersTableQuery = {
  page: 1,
  limit: DEFAULT_ADMIN_PAGE_SIZE,
  date: 'DESC',
  onlyAdmin: false,
  searchByEmail: '',
};

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('ru-RU');

/**
 * /admin/user-management (back office section 2, Users table): a server-paged table with an e-mail search
 * and an administrators / ordinary users switch, and a CSV export of every user they keep. Adding,
 * editing, deleting and roles need editUsers; a user's audit log (lookUsers, as the screen) opens in a drawer.
 * The table is hidden while a dialog is open.
 */
export function UserManagement({ renderUserAudit }: { renderUserAudit: (userId: string) => ReactNode }) {
  const { notification } = App.useApp();
  const { permissions } = useSession();
  const canEdit = hasPermission(permissions, PermissionSign.editUsers);
  const [query, setQuery] = useState(INITIAL_QUERY);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [auditOf, setAuditOf] = useState<AdminUser | null>(null);
  const users = useAdminUsers(query);
  const deleteUser = useDeleteUser();

  const remove = (user: AdminUser) =>
    deleteUser.mutateAsync(user._id).then(
      ({ message }) => notification.success({ title: message }),
      (error: unknown) =>
        notification.error({
          title: AdminText.error,
          description: (
            <>
              <div>{AdminUsersText.userDeleteFailed}</div>
              {error instanceof ApiError && error.message && <div>{error.message}</div>}
            </>
          ),
        }),
    );

  const onTableChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: unknown) => {
    const order = (sorter as SorterResult<AdminUser>).order;
    const limit = pagination.pageSize ?? query.limit;
    setQuery((previous) => ({
      ...previous,
      limit,
      page: limit === previous.limit ? (pagination.current ?? 1) : 1,
      date: order === 'ascend' ? 'ASC' : 'DESC',
    }));
  };

  const columns: TableColumnsType<AdminUser> = [
    { key: 'email', title: UserManagementText.email, dataIndex: 'email' },
    {
      key: 'name',
      title: UserManagementText.name,
      render: (_, user) => `${user.name.giveName} ${user.name.familyName}`,
    },
    {
      key: 'balance',
      title: UserManagementText.balance,
      render: (_, user) => `${user.balance.main} / ${user.balance.bonus}`,
    },
    {
      key: 'role',
      title: UserManagementText.role,
      render: (_, user) => (
        <Flex gap={4} wrap>
          {user.role.title}
          {user.customPermissions && <Tag>{UserManagementText.customRole}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'createdAt',
      title: UserManagementText.createdAt,
      dataIndex: 'createdAt',
      sorter: true,
      sortOrder: query.date === 'ASC' ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
      render: formatDate,
    },
    {
      key: 'actions',
      title: UserManagementText.actions,
      width: canEdit ? 208 : 64,
      render: (_, user) => (
        <Flex gap="small">
          <Button
            icon={<AuditOutlined aria-hidden />}
            aria-label={`${AuditText.userTab} ${user.email}`}
            onClick={() => setAuditOf(user)}
          />
          {canEdit && (
            <>
              <Button
                icon={<EditOutlined aria-hidden />}
                aria-label={UserRowLabel.edit(user)}
                onClick={() => setDialog({ kind: 'edit', user })}
              />
              <Button
                icon={<KeyOutlined aria-hidden />}
                aria-label={UserRowLabel.permissions(user)}
                onClick={() => setDialog({ kind: 'permissions', user })}
              />
              <DeleteRowButton
                question={UserManagementText.deleteConfirm}
                confirmTexts={{ ok: UserManagementText.delete, cancel: UserManagementText.cancel }}
                ariaLabel={UserRowLabel.delete(user)}
                onConfirm={() => remove(user)}
              />
            </>
          )}
        </Flex>
      ),
    },
  ];

  if (users.isError) {
    return (
      <LoadError title={AdminText.somethingWrong} retryLabel={AdminText.tryAgain} onRetry={users.refetch} />
    );
  }

  return (
    <Card
      title={UserManagementText.title}
      extra={
        <Flex gap="small" wrap>
          <Button icon={<DownloadOutlined aria-hidden />} href={usersExportUrl(query)} download>
            {UserManagementText.exportCsv}
          </Button>
          {canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => setDialog({ kind: 'add' })}
            >
              {UserManagementText.addUser}
            </Button>
          )}
        </Flex>
      }
    >
      {!dialog && (
        <Flex vertical gap="middle">
          <Flex gap="middle" wrap align="center">
            <Input.Search
              aria-label={UserManagementText.searchPlaceholder}
              placeholder={UserManagementText.searchPlaceholder}
              enterButton={UserManagementText.search}
              allowClear
              defaultValue={query.searchByEmail}
              onSearch={(value) => setQuery((q) => ({ ...q, page: 1, searchByEmail: value.trim() }))}
              style={{ maxWidth: 360 }}
            />
            <Segmented<boolean>
              aria-label={UserManagementText.showAdministrators}
              value={query.onlyAdmin}
              options={[
                { value: false, label: UserManagementText.ordinaryUsers },
                { value: true, label: UserManagementText.administrators },
              ]}
              onChange={(onlyAdmin) => setQuery((q) => ({ ...q, page: 1, onlyAdmin }))}
            />
          </Flex>
          <Table<AdminUser>
            rowKey="_id"
            columns={columns}
            dataSource={users.data?.users}
            loading={users.isPending || (users.isFetching && users.isPlaceholderData)}
            onChange={onTableChange}
            // At 200 % zoom (640 px) the columns scroll inside the table, never the page (WCAG 1.4.10).
            scroll={{ x: 'max-content' }}
            pagination={{
              current: query.page,
              pageSize: query.limit,
              total: users.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [...ADMIN_PAGE_SIZES],
            }}
            locale={{ emptyText: <Empty description={UserManagementText.empty} /> }}
          />
        </Flex>
      )}
      {dialog?.kind === 'add' && <AddUserModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditUserModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'permissions' && (
        <UserPermissionsModal user={dialog.user} onClose={() => setDialog(null)} />
      )}
      {auditOf && (
        <Drawer
          open
          size="large"
          title={`${AuditText.userTab} · ${auditOf.email}`}
          onClose={() => setAuditOf(null)}
        >
          {renderUserAudit(auditOf._id)}
        </Drawer>
      )}
    </Card>
  );
}
