import { CatalogNotice, type Bilingual, type Degree } from '@retouch/shared/catalog';
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
  Radio,
  Skeleton,
  Table,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { useCreateDegree } from '../api/create-degree';
import { useDeleteDegree } from '../api/delete-degree';
import { useDegrees } from '../api/get-degrees';
import { useUpdateDegrees, type DegreeUpdate } from '../api/update-degree';
import { DegreeText } from '../texts';

type Drafts = Record<string, Bilingual>;

const sameTitle = (a: Bilingual, b: Bilingual) => a.admin === b.admin && a.user === b.user;

/** The degrees whose titles were edited here and differ from the server's, as PATCH calls. */
function changedDegrees(degrees: readonly Degree[], drafts: Drafts): DegreeUpdate[] {
  return degrees.flatMap((degree) => {
    const draft = drafts[degree._id];
    return draft && !sameTitle(draft, degree.title)
      ? [{ id: degree._id, body: { title: draft, default: degree.default } }]
      : [];
  });
}

/**
 * /admin/degree-action (back office section 2): RU and EN titles per degree, one default chosen
 * with a radio and saved at once, add, delete (never the default) and a save of the edited titles.
 */
export function DegreeEditor() {
  const { notification } = App.useApp();
  const degrees = useDegrees();
  const createDegree = useCreateDegree();
  const saveTitles = useUpdateDegrees();
  const moveDefault = useUpdateDegrees();
  const deleteDegree = useDeleteDegree();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [addedId, setAddedId] = useState<string | null>(null);

  const showFailure = () =>
    notification.error({ title: AdminText.error, description: CatalogNotice.somethingWrong });
  const list = degrees.data ?? [];
  const changes = changedDegrees(list, drafts);

  const titleOf = (degree: Degree) => drafts[degree._id] ?? degree.title;
  const editTitle = (degree: Degree, language: keyof Bilingual, value: string) =>
    setDrafts((current) => ({
      ...current,
      [degree._id]: { ...(current[degree._id] ?? degree.title), [language]: value },
    }));

  const chooseDefault = (degree: Degree) =>
    // The saved titles go with it: edited ones wait for Save.
    moveDefault.mutate([{ id: degree._id, body: { title: degree.title, default: true } }], {
      onSuccess: () => notification.success({ title: CatalogNotice.defaultDegreeSet }),
      onError: showFailure,
    });

  const save = () =>
    saveTitles.mutate(changes, {
      onSuccess: () => {
        const saved = new Set(changes.map((change) => change.id));
        setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !saved.has(id))));
        notification.success({ title: CatalogNotice.dataUpdated });
      },
      onError: showFailure,
    });

  const add = () =>
    createDegree.mutate(undefined, { onSuccess: (degree) => setAddedId(degree._id), onError: showFailure });

  const remove = (degree: Degree) =>
    deleteDegree.mutate(degree._id, {
      onSuccess: () => notification.success({ title: CatalogNotice.deleted }),
      onError: showFailure,
    });

  if (degrees.isError) {
    return (
      <LoadError title={AdminText.somethingWrong} retryLabel={AdminText.tryAgain} onRetry={degrees.refetch} />
    );
  }

  const columns: TableColumnsType<Degree> = [
    {
      key: 'default',
      title: DegreeText.isDefault,
      width: 140,
      align: 'center',
      render: (_, degree) => (
        <Radio
          name="default-degree"
          aria-label={DegreeText.isDefault}
          checked={degree.default}
          disabled={moveDefault.isPending}
          onChange={() => chooseDefault(degree)}
        />
      ),
    },
    {
      key: 'admin',
      title: DegreeText.titleAdmin,
      render: (_, degree) => (
        <Input
          aria-label={DegreeText.titleAdmin}
          value={titleOf(degree).admin}
          autoFocus={degree._id === addedId}
          maxLength={200}
          onChange={(event) => editTitle(degree, 'admin', event.target.value)}
        />
      ),
    },
    {
      key: 'user',
      title: DegreeText.titleUser,
      render: (_, degree) => (
        <Input
          aria-label={DegreeText.titleUser}
          value={titleOf(degree).user}
          maxLength={200}
          onChange={(event) => editTitle(degree, 'user', event.target.value)}
        />
      ),
    },
    {
      key: 'actions',
      title: DegreeText.actions,
      width: 120,
      render: (_, degree) => (
        <DeleteDegreeButton
          isDefault={degree.default}
          deleting={deleteDegree.isPending && deleteDegree.variables === degree._id}
          onConfirm={() => remove(degree)}
        />
      ),
    },
  ];

  return (
    <Card
      title={DegreeText.screenTitle}
      extra={
        <Flex gap="small">
          <Button icon={<PlusOutlined aria-hidden />} loading={createDegree.isPending} onClick={add}>
            {DegreeText.add}
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined aria-hidden />}
            disabled={changes.length === 0}
            loading={saveTitles.isPending}
            onClick={save}
          >
            {DegreeText.save}
          </Button>
        </Flex>
      }
    >
      {degrees.isPending ? (
        <div aria-busy="true" aria-label={DegreeText.loading}>
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        </div>
      ) : (
        <Table<Degree>
          rowKey="_id"
          columns={columns}
          dataSource={list}
          pagination={false}
          locale={{ emptyText: <Empty description={DegreeText.empty} /> }}
        />
      )}
    </Card>
  );
}

interface DeleteDegreeButtonProps {
  isDefault: boolean;
  deleting: boolean;
  onConfirm: () => void;
}

function DeleteDegreeButton({ isDefault, deleting, onConfirm }: DeleteDegreeButtonProps) {
  const button = (
    <Button danger icon={<DeleteOutlined aria-hidden />} disabled={isDefault} loading={deleting}>
      {DegreeText.delete}
    </Button>
  );
  // The server refuses to delete the default too; here the button says so before anyone tries.
  if (isDefault) return <Tooltip title={DegreeText.defaultCannotBeDeleted}>{button}</Tooltip>;
  return (
    <Popconfirm title={DegreeText.deleteConfirm} onConfirm={onConfirm}>
      {button}
    </Popconfirm>
  );
}
