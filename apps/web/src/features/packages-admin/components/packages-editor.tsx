import { CatalogNotice } from '@retouch/shared/catalog';
import type { Product } from '@retouch/shared/payments';
import { AdminText } from '@retouch/shared/texts';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Flex, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DeleteRowButton } from '@/components/editable-table/delete-row-button';
import { EditableTable } from '@/components/editable-table/editable-table';
import { errorMessage } from '@/lib/api-client';
import { useDeletePackage } from '../api/delete-package';
import { usePackages } from '../api/get-packages';
import { PackageRowLabel, PackagesAdminText } from '../texts';
import { PackageFormModal } from './package-form-modal';

/** What the form dialog edits: a new package, or a stored one. */
type Editing = { product: Product | null } | null;

/**
 * /admin/pay-config (back office section 2, Token packages): the packages with add, edit (a form dialog)
 * and delete (asks first). The table is hidden while the dialog is open.
 */
export function PackagesEditor() {
  const { notification } = App.useApp();
  const packages = usePackages();
  const deletePackage = useDeletePackage();
  const [editing, setEditing] = useState<Editing>(null);

  const remove = (product: Product) =>
    deletePackage.mutateAsync(product._id).then(
      () => notification.success({ title: CatalogNotice.deleted }),
      (error: unknown) =>
        notification.error({
          title: AdminText.error,
          description: errorMessage(error, CatalogNotice.somethingWrong),
        }),
    );

  const columns: TableColumnsType<Product> = [
    { key: 'cost', title: PackagesAdminText.cost, dataIndex: 'cost' },
    { key: 'description', title: PackagesAdminText.description, dataIndex: 'description' },
    { key: 'charge', title: PackagesAdminText.charge, dataIndex: 'charge' },
    { key: 'bonus', title: PackagesAdminText.bonus, dataIndex: 'bonus' },
    { key: 'merchant_id', title: PackagesAdminText.merchantId, dataIndex: 'merchant_id' },
    {
      key: 'actions',
      title: PackagesAdminText.actions,
      width: 120,
      render: (_, product) => (
        <Flex gap="small">
          <Button
            icon={<EditOutlined aria-hidden />}
            aria-label={PackageRowLabel.edit(product)}
            onClick={() => setEditing({ product })}
          />
          <DeleteRowButton
            question={PackagesAdminText.deleteConfirm}
            confirmTexts={{ ok: PackagesAdminText.delete, cancel: PackagesAdminText.cancel }}
            ariaLabel={PackageRowLabel.delete(product)}
            onConfirm={() => remove(product)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <EditableTable<Product>
      title={AdminText.menuPackages}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setEditing({ product: null })}
        >
          {PackagesAdminText.addPackage}
        </Button>
      }
      list={packages}
      columns={columns}
      texts={{ loading: PackagesAdminText.loading, empty: PackagesAdminText.empty }}
      dialog={editing && <PackageFormModal product={editing.product} onClose={() => setEditing(null)} />}
    />
  );
}
