import { CatalogNotice, type Bilingual, type RefusalReason } from '@retouch/shared/catalog';
import { AdminText } from '@retouch/shared/texts';
import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DeleteRowButton } from '@/components/editable-table/delete-row-button';
import { EditableTable } from '@/components/editable-table/editable-table';
import { errorMessage } from '@/lib/api-client';
import { useRefusalReasons } from '@/lib/api/get-refusal-reasons';
import { useCreateRefusalReason } from '../api/create-refusal-reason';
import { useDeleteRefusalReason } from '../api/delete-refusal-reason';
import { useUpdateRefusalReason } from '../api/update-refusal-reason';
import { ReasonText } from '../texts';

type Drafts = Record<string, Bilingual>;

const TITLE_MAX_LENGTH = 300;

/** Both titles hold more than blanks: a title typed is saved only whole. */
const isTitled = (title: Bilingual) => title.admin.trim() !== '' && title.user.trim() !== '';

/**
 * /admin/reason-refusal (back office section 2): reasons with their RU (admin) and EN (user)
 * titles, edited in place and saved per row; add creates an empty reason at once, as the specification
 * says, and puts the cursor in it; delete asks first.
 */
export function RefusalReasonsEditor() {
  const { notification } = App.useApp();
  const reasons = useRefusalReasons();
  const createReason = useCreateRefusalReason();
  const updateReason = useUpdateRefusalReason();
  const deleteReason = useDeleteRefusalReason();
  const [drafts, setDrafts] = useState<Drafts>({});
  /** The reason just added: its first field takes the cursor when its row appears. */
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
  const canSave = (reason: RefusalReason) => isTitled(titleOf(reason)) && isEdited(reason);
  const editTitle = (reason: RefusalReason, language: keyof Bilingual, value: string) =>
    setDrafts((current) => ({
      ...current,
      [reason._id]: { ...(current[reason._id] ?? reason.title), [language]: value },
    }));

  const add = () =>
    createReason.mutate(undefined, {
      onSuccess: (reason) => {
        setAddedId(reason._id);
        notification.success({ title: CatalogNotice.added });
      },
      onError: (error) =>
        notification.warning({
          title: AdminText.warning,
          description: errorMessage(error, CatalogNotice.somethingWrong),
        }),
    });

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

  const columns: TableColumnsType<RefusalReason> = [
    {
      key: 'admin',
      title: ReasonText.titleAdmin,
      render: (_, reason) => (
        <Input
          aria-label={ReasonText.titleAdmin}
          value={titleOf(reason).admin}
          placeholder={ReasonText.required}
          status={isEdited(reason) && !titleOf(reason).admin.trim() ? 'error' : undefined}
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
          placeholder={ReasonText.required}
          status={isEdited(reason) && !titleOf(reason).user.trim() ? 'error' : undefined}
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
            disabled={!canSave(reason)}
            loading={updateReason.isPending && updateReason.variables?.id === reason._id}
            onClick={() => save(reason)}
          >
            {ReasonText.save}
          </Button>
          <DeleteRowButton
            question={ReasonText.deleteConfirm}
            text={ReasonText.delete}
            loading={deleteReason.isPending && deleteReason.variables === reason._id}
            onConfirm={() => remove(reason)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <EditableTable<RefusalReason>
      title={ReasonText.screenTitle}
      extra={
        <Button icon={<PlusOutlined aria-hidden />} loading={createReason.isPending} onClick={add}>
          {ReasonText.add}
        </Button>
      }
      list={reasons}
      columns={columns}
      texts={{ loading: ReasonText.loading, empty: ReasonText.empty }}
    />
  );
}
