import { CatalogNotice, type Bilingual, type RefusalReason } from '@retouch/shared/catalog';
import { AdminText } from '@retouch/shared/texts';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Skeleton,
  Table,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { useCreateRefusalReason } from '../api/create-refusal-reason';
import { useDeleteRefusalReason } from '../api/delete-refusal-reason';
import { useRefusalReasons } from '../api/get-refusal-reasons';
import { useUpdateRefusalReason } from '../api/update-refusal-reason';
import { ReasonText } from '../texts';

type Drafts = Record<string, Bilingual>;

const TITLE_MAX_LENGTH = 300;

/**
 * /admin/reason-refusal (back office section 2): reasons with their RU (admin) and EN (user)
 * titles, edited in place and saved per row; add creates an empty one, delete asks first.
 */
export function RefusalReasonsEditor() {
  const { notification } = App.useApp();
  const reasons = useRefusalReasons();
  const createReason = useCreateRefusalReason();
  const updateReason = useUpdateRefusalReason();
  const deleteReason = useDeleteRefusalReason();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [addedId, setAddedId] = useState<string | null>(null);

  const showFailure = () =>
    notification.error({ title: AdminText.error, description: CatalogNotice.somethingWrong });
  const forgetDraft = (id: string) =>
    setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== id)));

  const titleOf = (reason: RefusalReason) => drafts[reason._id] ?? reason.title;
  const isEdited = (reason: RefusalReason) => {
    const title = titleOf(reason);
    return title.admin !== reason.title.admin || title.user !== reason.title.user;
  };
  const editTitle = (reason: RefusalReason, language: keyof Bilingual, value: string) =>
    setDrafts((current) => ({
      ...current,
      [reason._id]: { ...(current[reason._id] ?? reason.title), [language]: value },
    }));

  const add = () =>
    createReason.mutate(undefined, { onSuccess: (reason) => setAddedId(reason._id), onError: showFailure });

  const save = (reason: RefusalReason) =>
    updateReason.mutate(
      { id: reason._id, body: { title: titleOf(reason) } },
      {
        onSuccess: () => {
          forgetDraft(reason._id);
          notification.success({ title: CatalogNotice.changed });
        },
        // The specification makes this one a warning.
        onError: () =>
          notification.warning({ title: AdminText.warning, description: CatalogNotice.somethingWrong }),
      },
    );

  const remove = (reason: RefusalReason) =>
    deleteReason.mutate(reason._id, {
      onSuccess: () => {
        forgetDraft(reason._id);
        notification.success({ title: CatalogNotice.reasonDeleted });
      },
      onError: showFailure,
    });

  if (reasons.isError) {
    return (
      <LoadError title={AdminText.somethingWrong} retryLabel={AdminText.tryAgain} onRetry={reasons.refetch} />
    );
  }

  const columns: TableColumnsType<RefusalReason> = [
    {
      key: 'admin',
      title: ReasonText.titleAdmin,
      render: (_, reason) => (
        <Input
          aria-label={ReasonText.titleAdmin}
          value={titleOf(reason).admin}
          autoFocus={reason._id === addedId}
          maxLength={TITLE_MAX_LENGTH}
          onChange={(event) => editTitle(reason, 'admin', event.target.value)}
        />
      ),
    },
    {
      key: 'user',
      title: ReasonText.titleUser,
      render: (_, reason) => (
        <Input
          aria-label={ReasonText.titleUser}
          value={titleOf(reason).user}
          maxLength={TITLE_MAX_LENGTH}
          onChange={(event) => editTitle(reason, 'user', event.target.value)}
        />
      ),
    },
    {
      key: 'actions',
      title: ReasonText.actions,
      width: 260,
      render: (_, reason) => (
        <Flex gap="small">
          <Button
            type="primary"
            icon={<SaveOutlined aria-hidden />}
            disabled={!isEdited(reason)}
            loading={updateReason.isPending && updateReason.variables?.id === reason._id}
            onClick={() => save(reason)}
          >
            {ReasonText.save}
          </Button>
          <Popconfirm title={ReasonText.deleteConfirm} onConfirm={() => remove(reason)}>
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              loading={deleteReason.isPending && deleteReason.variables === reason._id}
            >
              {ReasonText.delete}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Card
      title={ReasonText.screenTitle}
      extra={
        <Button icon={<PlusOutlined aria-hidden />} loading={createReason.isPending} onClick={add}>
          {ReasonText.add}
        </Button>
      }
    >
      {reasons.isPending ? (
        <div aria-busy="true" aria-label={ReasonText.loading}>
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        </div>
      ) : (
        <Table<RefusalReason>
          rowKey="_id"
          columns={columns}
          dataSource={reasons.data}
          pagination={false}
          locale={{ emptyText: <Empty description={ReasonText.empty} /> }}
        />
      )}
    </Card>
  );
}
