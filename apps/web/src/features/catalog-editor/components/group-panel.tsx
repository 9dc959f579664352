import { CatalogNotice, type AdminGroup, type AdminService } from '@retouch/shared/catalog';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Tag, Typography } from 'antd';
import { DeleteRowButton } from '@/components/editable-table/delete-row-button';
import { useDeleteGroup } from '../api/delete-group';
import { useCatalogNotice } from '../hooks/use-catalog-notice';
import { CatalogEditorText } from '../texts';
import { ServicesTable } from './services-table';

interface GroupPanelProps {
  group: AdminGroup;
  /** The table is hidden while a dialog is open (back-office section 2). */
  tableHidden: boolean;
  onEditGroup: () => void;
  onAddService: () => void;
  onEditService: (service: AdminService) => void;
  onOpenOptions: (service: AdminService) => void;
}

/** One tab of the catalogue: the group's status and controls above its services. */
export function GroupPanel({
  group,
  tableHidden,
  onEditGroup,
  onAddService,
  onEditService,
  onOpenOptions,
}: GroupPanelProps) {
  const notice = useCatalogNotice();
  const deleteGroup = useDeleteGroup();
  const remove = () =>
    deleteGroup.mutateAsync(group._id).then(
      () => notice.success(CatalogNotice.sliderDeleted),
      () => notice.failure(CatalogNotice.sliderNotDeleted),
    );

  return (
    <Flex vertical gap="middle">
      <Flex wrap gap="small" justify="space-between" align="center">
        <Space wrap>
          <Tag color={group.status ? 'green' : 'default'}>
            {group.status ? CatalogEditorText.groupOn : CatalogEditorText.groupOff}
          </Tag>
          {group.title.user && <Typography.Text type="secondary">EN: {group.title.user}</Typography.Text>}
        </Space>
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAddService}>
            {CatalogEditorText.addService}
          </Button>
          <Button icon={<EditOutlined aria-hidden />} onClick={onEditGroup}>
            {CatalogEditorText.editGroup}
          </Button>
          <DeleteRowButton
            question={CatalogEditorText.deleteGroupConfirm}
            confirmTexts={{ ok: CatalogEditorText.delete, cancel: CatalogEditorText.cancel }}
            text={CatalogEditorText.deleteGroup}
            onConfirm={remove}
          />
        </Space>
      </Flex>
      {!tableHidden && (
        <ServicesTable services={group.list} onEdit={onEditService} onOpenOptions={onOpenOptions} />
      )}
    </Flex>
  );
}
