import { CatalogNotice, type AdminService } from '@retouch/shared/catalog';
import { AppstoreAddOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Table, type TableColumnsType } from 'antd';
import { DeleteRowButton } from '@/components/editable-table/delete-row-button';
import { useDeleteService } from '../api/delete-service';
import { useCatalogNotice } from '../hooks/use-catalog-notice';
import { CatalogEditorLabel, CatalogEditorText } from '../texts';
import { OfferThumbnail } from './offer-thumbnail';
import { ServiceStatusSwitch } from './service-status-switch';

interface ServicesTableProps {
  services: AdminService[];
  onEdit: (service: AdminService) => void;
  onOpenOptions: (service: AdminService) => void;
}

/** The services of one group, each with its status switch, options, edit and delete. */
export function ServicesTable({ services, onEdit, onOpenOptions }: ServicesTableProps) {
  const notice = useCatalogNotice();
  const deleteService = useDeleteService();

  const remove = (service: AdminService) =>
    deleteService.mutateAsync(service._id).then(
      () => notice.success(CatalogNotice.slideDeleted),
      () => notice.failure(CatalogNotice.slideNotDeleted),
    );

  const columns: TableColumnsType<AdminService> = [
    {
      key: 'picture',
      title: CatalogEditorText.picture,
      render: (_, service) => <OfferThumbnail src={service.pictureThumb} />,
    },
    { key: 'title', title: CatalogEditorText.name, render: (_, service) => service.title.admin },
    { key: 'cost', title: CatalogEditorText.cost, dataIndex: 'cost' },
    { key: 'designerPrice', title: CatalogEditorText.designerPrice, dataIndex: 'designerPrice' },
    { key: 'executionTime', title: CatalogEditorText.executionTime, dataIndex: 'executionTime' },
    {
      key: 'status',
      title: CatalogEditorText.status,
      render: (_, service) => <ServiceStatusSwitch service={service} />,
    },
    {
      key: 'options',
      title: CatalogEditorText.options,
      render: (_, service) => (
        <Space>
          <span>{service.optional.length}</span>
          <Button
            icon={<AppstoreAddOutlined aria-hidden />}
            aria-label={CatalogEditorLabel.options(service.title.admin)}
            onClick={() => onOpenOptions(service)}
          />
        </Space>
      ),
    },
    {
      key: 'actions',
      title: CatalogEditorText.actions,
      // Pinned to the table's right edge: in view however wide the other columns make the table.
      fixed: 'end',
      render: (_, service) => (
        <Space>
          <Button
            icon={<EditOutlined aria-hidden />}
            aria-label={CatalogEditorLabel.edit(service.title.admin)}
            onClick={() => onEdit(service)}
          />
          <DeleteRowButton
            question={CatalogEditorText.deleteServiceConfirm}
            confirmTexts={{ ok: CatalogEditorText.delete, cancel: CatalogEditorText.cancel }}
            ariaLabel={CatalogEditorLabel.delete(service.title.admin)}
            onConfirm={() => remove(service)}
          />
        </Space>
      ),
    },
  ];

  return (
    <Table<AdminService>
      rowKey="_id"
      columns={columns}
      dataSource={services}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={CatalogEditorText.noServices} /> }}
    />
  );
}
