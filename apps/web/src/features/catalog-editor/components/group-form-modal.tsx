import { CatalogNotice, groupBodySchema, type AdminGroup, type Bilingual } from '@retouch/shared/catalog';
import { Form, Input, Switch } from 'antd';
import { FormModal } from '@/components/form-modal';
import { useCreateGroup } from '../api/create-group';
import { useUpdateGroup } from '../api/update-group';
import { useCatalogNotice } from '../hooks/use-catalog-notice';
import { CatalogEditorText } from '../texts';
import { groupRules } from '../utils/form-rules';

interface GroupFormValues {
  title: Bilingual;
  status: boolean;
}

interface GroupFormModalProps {
  /** The group to edit; none to add one. */
  group: AdminGroup | null;
  onCreated: (group: AdminGroup) => void;
  onClose: () => void;
}

/** Adds a group or edits its titles and status. */
export function GroupFormModal({ group, onCreated, onClose }: GroupFormModalProps) {
  const notice = useCatalogNotice();
  const createGroup = useCreateGroup();
  const updateGroup = useUpdateGroup();
  const pending = createGroup.isPending || updateGroup.isPending;
  const initialValues: GroupFormValues = group
    ? { title: { ...group.title }, status: group.status }
    : { title: { admin: '', user: '' }, status: false };

  const save = (values: GroupFormValues) => {
    const body = groupBodySchema.parse(values);
    const failed = () => notice.failure(CatalogNotice.sliderNotUpdated);
    if (group) {
      updateGroup.mutate(
        { id: group._id, body },
        {
          onSuccess: () => {
            notice.success(CatalogNotice.sliderUpdated);
            onClose();
          },
          onError: failed,
        },
      );
    } else {
      createGroup.mutate(body, {
        onSuccess: (created) => {
          // Section 8 has no text of its own for a new group (Слайдер): its generic 'Добавлено'.
          notice.success(CatalogNotice.added);
          onCreated(created);
          onClose();
        },
        onError: failed,
      });
    }
  };

  return (
    <FormModal<GroupFormValues>
      title={group ? CatalogEditorText.editGroup : CatalogEditorText.newGroup}
      okText={group ? CatalogEditorText.save : CatalogEditorText.add}
      cancelText={CatalogEditorText.cancel}
      pending={pending}
      name="group-form"
      initialValues={initialValues}
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Item
        label={CatalogEditorText.nameRu}
        name={['title', 'admin']}
        rules={groupRules.titleAdmin}
        required
      >
        <Input autoFocus />
      </Form.Item>
      <Form.Item
        label={CatalogEditorText.nameEn}
        name={['title', 'user']}
        rules={group ? groupRules.titleUserOnEdit : []}
        required={group !== null}
      >
        <Input />
      </Form.Item>
      <Form.Item label={CatalogEditorText.status} name="status" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
