import { MAX_SERVICE_GROUPS, type AdminGroup, type AdminService } from '@retouch/shared/catalog';
import { AdminText } from '@retouch/shared/texts';
import { PlusOutlined, SnippetsOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Skeleton, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { useAdminGroups } from '../api/get-admin-groups';
import { CatalogEditorText } from '../texts';
import { GroupFormModal } from './group-form-modal';
import { GroupPanel } from './group-panel';
import { OptionsDrawer } from './options-drawer';
import { ServiceFormModal, type ServiceFormTarget } from './service-form-modal';
import { TemplatesModal } from './templates-modal';

type CatalogDialog =
  | { kind: 'group'; group: AdminGroup | null }
  | { kind: 'service'; target: ServiceFormTarget }
  | { kind: 'options'; serviceId: string }
  | { kind: 'templates' };

function findService(groups: readonly AdminGroup[], id: string): AdminService | undefined {
  for (const group of groups) {
    const service = group.list.find((candidate) => candidate._id === id);
    if (service) return service;
  }
  return undefined;
}

/** /admin/slider: the service catalogue, one tab per group (back-office section 2). */
export function CatalogEditor() {
  const groupsQuery = useAdminGroups();
  const [dialog, setDialog] = useState<CatalogDialog | null>(null);
  const [chosenGroupId, setChosenGroupId] = useState<string | null>(null);
  const close = () => setDialog(null);

  if (groupsQuery.isPending) {
    return (
      <Card title={CatalogEditorText.title}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (groupsQuery.isError) {
    return (
      <LoadError
        title={errorMessage(groupsQuery.error, CatalogEditorText.loadFailed)}
        retryLabel={AdminText.tryAgain}
        onRetry={() => void groupsQuery.refetch()}
      />
    );
  }

  const groups = groupsQuery.data;
  const activeGroupId = groups.find((group) => group._id === chosenGroupId)?._id ?? groups[0]?._id;
  const canAddGroup = groups.length < MAX_SERVICE_GROUPS;
  const addGroupButton = (
    <Button
      type="primary"
      icon={<PlusOutlined aria-hidden />}
      onClick={() => setDialog({ kind: 'group', group: null })}
    >
      {CatalogEditorText.addGroup}
    </Button>
  );
  // Looked up on every render so the drawer shows the options as refetched after a change.
  const optionsService = dialog?.kind === 'options' ? findService(groups, dialog.serviceId) : undefined;
  // A drawer whose service has gone is closed.
  const openDialog = dialog?.kind === 'options' && !optionsService ? null : dialog;

  return (
    <Card>
      <Flex wrap gap="small" justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {CatalogEditorText.title}
        </Typography.Title>
        <Flex wrap gap="small">
          <Button icon={<SnippetsOutlined aria-hidden />} onClick={() => setDialog({ kind: 'templates' })}>
            {CatalogEditorText.templates}
          </Button>
          {groups.length > 0 && canAddGroup && addGroupButton}
        </Flex>
      </Flex>

      {groups.length === 0 ? (
        <Empty description={CatalogEditorText.noGroups}>{addGroupButton}</Empty>
      ) : (
        <Tabs
          activeKey={activeGroupId}
          onChange={setChosenGroupId}
          destroyOnHidden
          items={groups.map((group) => ({
            key: group._id,
            label: (
              <Typography.Text type={group.status ? undefined : 'secondary'}>
                {group.title.admin}
              </Typography.Text>
            ),
            children: (
              <GroupPanel
                group={group}
                tableHidden={openDialog !== null}
                onEditGroup={() => setDialog({ kind: 'group', group })}
                onAddService={() =>
                  setDialog({ kind: 'service', target: { kind: 'add', groupId: group._id } })
                }
                onEditService={(service) => setDialog({ kind: 'service', target: { kind: 'edit', service } })}
                onOpenOptions={(service) => setDialog({ kind: 'options', serviceId: service._id })}
              />
            ),
          }))}
        />
      )}

      {openDialog?.kind === 'group' && (
        <GroupFormModal
          group={openDialog.group}
          onCreated={(created) => setChosenGroupId(created._id)}
          onClose={close}
        />
      )}
      {openDialog?.kind === 'service' && <ServiceFormModal target={openDialog.target} onClose={close} />}
      {optionsService && <OptionsDrawer service={optionsService} onClose={close} />}
      {openDialog?.kind === 'templates' && <TemplatesModal onClose={close} />}
    </Card>
  );
}
