import { CatalogNotice, type AdminOption } from '@retouch/shared/catalog';
import { EditOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Table, type TableColumnsType } from 'antd';
import { DeleteRowButton } from '@/components/editable-table/delete-row-button';
import { useDeleteOption } from '../api/delete-option';
import { useCatalogNotice } from '../hooks/use-catalog-notice';
import { CatalogEditorLabel, CatalogEditorText } from '../texts';
import { OfferThumbnail } from './offer-thumbnail';
import { OptionStatusSwitch } from './option-status-switch';

/** The options of one service, each with its status switch, edit and delete. */
export function OptionsTable({
  options,
  onEdit,
}: {
  options: AdminOption[];
  onEdit: (option: AdminOption) => void;
}) {
  const notice = useCatalogNotice();
  const deleteOption = useDeleteOption();
  const remove = (option: AdminOption) =>
    deleteOption.mutateAsync(option._id).then(
      () => notice.success(CatalogNotice.slideDeleted),
      () => notice.failure(CatalogNotice.slideNotDeleted),
    );

  const columns: TableColumnsType<AdminOption> = [
    {
      key: 'picture',
      title: CatalogEditorText.picture,
      render: (_, option) => <OfferThumbnail src={option.pictureThumb} />,
    },
    { key: 'title', title: CatalogEditorText.name, render: (_, option) => option.title.admin },
    { key: 'cost', title: CatalogEditorText.cost, dataIndex: 'cost' },
    {
      key: 'status',
      title: CatalogEditorText.status,
      render: (_, option) => <OptionStatusSwitch option={option} />,
    },
    {
      key: 'actions',
      title: CatalogEditorText.actions,
      // Pinned to the table's right edge: in view however wide the other columns make the table.
      fixed: 'end',
      render: (_, option) => (
        <Space>
          <Button
            icon={<EditOutlined aria-hidden />}
            aria-label={CatalogEditorLabel.edit(option.title.admin)}
            onClick={() => onEdit(option)}
          />
          <DeleteRowButton
            question={CatalogEditorText.deleteOptionConfirm}
            confirmTexts={{ ok: CatalogEditorText.delete, cancel: CatalogEditorText.cancel }}
            ariaLabel={CatalogEditorLabel.delete(option.title.admin)}
            onConfirm={() => remove(option)}
          />
        </Space>
      ),
    },
  ];

  return (
    <Table<AdminOption>
      rowKey="_id"
      columns={columns}
      dataSource={options}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={CatalogEditorText.noOptions} /> }}
    />
  );
}
