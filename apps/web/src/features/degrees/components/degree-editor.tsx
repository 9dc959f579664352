import { CatalogNotice, type Bilingual, type Degree } from '@retouch/shared/catalog';
import { AdminText } from '@retouch/shared/texts';
import { CloseOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, Radio, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DeleteRowButton } from '@/components/editable-table/delete-row-button';
import { EditableTable } from '@/components/editable-table/editable-table';
import { useDegrees } from '@/lib/api/get-degrees';
import { useCreateDegree } from '../api/create-degree';
import { useDeleteDegree } from '../api/delete-degree';
import { useUpdateDegrees, type DegreeUpdate } from '../api/update-degree';
import { DegreeText } from '../texts';

type Drafts = Record<string, Bilingual>;

/** The row of a degree being added: it lives only here until it is saved with both titles. */
const NEW_DEGREE_ID = 'new-degree';
const EMPTY_TITLE: Bilingual = { admin: '', user: '' };

const sameTitle = (a: Bilingual, b: Bilingual) => a.admin === b.admin && a.user === b.user;
/** Both titles hold more than blanks, as the server requires. */
const isTitled = (title: Bilingual) => title.admin.trim() !== '' && title.user.trim() !== '';

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
 * with a radio and saved at once, add, delete (never the default) and a save of the edited titles
 * and of the added row; no degree is saved with a blank title.
 */
export function DegreeEditor() {
  const { notification } = App.useApp();
  const degrees = useDegrees();
  const createDegree = useCreateDegree();
  const saveTitles = useUpdateDegrees();
  const moveDefault = useUpdateDegrees();
  const deleteDegree = useDeleteDegree();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [newTitle, setNewTitle] = useState<Bilingual | null>(null);

  const showFailure = () =>
    notification.error({ title: AdminText.error, description: CatalogNotice.somethingWrong });
  const list = degrees.data ?? [];
  const rows = newTitle ? [...list, { _id: NEW_DEGREE_ID, title: newTitle, default: false }] : list;
  const changes = changedDegrees(list, drafts);
  const canSave =
    (changes.length > 0 || newTitle !== null) &&
    changes.every((change) => isTitled(change.body.title)) &&
    (newTitle === null || isTitled(newTitle));

  const isNew = (degree: Degree) => degree._id === NEW_DEGREE_ID;
  const titleOf = (degree: Degree) => (isNew(degree) ? degree.title : (drafts[degree._id] ?? degree.title));
  /** A title emptied by an edit is marked; the new row's empty fields are only waiting. */
  const isBlanked = (degree: Degree, language: keyof Bilingual) =>
    !isNew(degree) && degree._id in drafts && titleOf(degree)[language].trim() === '';
  const editTitle = (degree: Degree, language: keyof Bilingual, value: string) => {
    const edit = (title: Bilingual) => ({ ...title, [language]: value });
    if (isNew(degree)) setNewTitle((current) => edit(current ?? EMPTY_TITLE));
    else setDrafts((current) => ({ ...current, [degree._id]: edit(current[degree._id] ?? degree.title) }));
  };

  const chooseDefault = (degree: Degree) =>
    // The saved titles go with it: edited ones wait for Save.
    moveDefault.mutate([{ id: degree._id, body: { title: degree.title, default: true } }], {
      onSuccess: () => notification.success({ title: CatalogNotice.defaultDegreeSet }),
      onError: showFailure,
    });

  // The edited titles first, then the added degree: each step kept once it is saved.
  const save = async () => {
    try {
      if (changes.length > 0) {
        await saveTitles.mutateAsync(changes);
        const saved = new Set(changes.map((change) => change.id));
        setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !saved.has(id))));
      }
      if (newTitle) {
        await createDegree.mutateAsync(newTitle);
        setNewTitle(null);
      }
      notification.success({ title: CatalogNotice.dataUpdated });
    } catch {
      showFailure();
    }
  };

  const remove = (degree: Degree) =>
    deleteDegree.mutate(degree._id, {
      onSuccess: () => notification.success({ title: CatalogNotice.deleted }),
      onError: showFailure,
    });

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
          disabled={moveDefault.isPending || isNew(degree)}
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
          placeholder={DegreeText.required}
          status={isBlanked(degree, 'admin') ? 'error' : undefined}
          autoFocus={isNew(degree)}
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
          placeholder={DegreeText.required}
          status={isBlanked(degree, 'user') ? 'error' : undefined}
          maxLength={200}
          onChange={(event) => editTitle(degree, 'user', event.target.value)}
        />
      ),
    },
    {
      key: 'actions',
      title: DegreeText.actions,
      width: 120,
      render: (_, degree) =>
        isNew(degree) ? (
          <Button
            icon={<CloseOutlined aria-hidden />}
            disabled={createDegree.isPending}
            onClick={() => setNewTitle(null)}
          >
            {DegreeText.cancel}
          </Button>
        ) : (
          <DeleteRowButton
            question={DegreeText.deleteConfirm}
            text={DegreeText.delete}
            // The server refuses to delete the default too; here the button says so before anyone tries.
            disabled={degree.default}
            disabledHint={DegreeText.defaultCannotBeDeleted}
            loading={deleteDegree.isPending && deleteDegree.variables === degree._id}
            onConfirm={() => remove(degree)}
          />
        ),
    },
  ];

  return (
    <EditableTable<Degree>
      title={DegreeText.screenTitle}
      extra={
        <Flex gap="small">
          <Button
            icon={<PlusOutlined aria-hidden />}
            disabled={newTitle !== null}
            onClick={() => setNewTitle(EMPTY_TITLE)}
          >
            {DegreeText.add}
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined aria-hidden />}
            disabled={!canSave}
            loading={saveTitles.isPending || createDegree.isPending}
            onClick={() => void save()}
          >
            {DegreeText.save}
          </Button>
        </Flex>
      }
      list={degrees}
      rows={rows}
      columns={columns}
      texts={{ loading: DegreeText.loading, empty: DegreeText.empty }}
    />
  );
}
