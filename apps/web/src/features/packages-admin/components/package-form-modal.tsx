import { CatalogNotice } from '@retouch/shared/catalog';
import { packageBodySchema, type Product } from '@retouch/shared/payments';
import { AdminText } from '@retouch/shared/texts';
import { App, Form, Input, type FormRule } from 'antd';
import { FormModal } from '@/components/form-modal';
import { errorMessage } from '@/lib/api-client';
import { schemaRule } from '@/lib/schema-rule';
import { useCreatePackage } from '../api/create-package';
import { useUpdatePackage } from '../api/update-package';
import { PackagesAdminText } from '../texts';
import {
  EMPTY_PACKAGE_VALUES,
  packageDataOf,
  packageFormValuesOf,
  type PackageFormValues,
} from '../utils/package-values';

const field = packageBodySchema.shape;

/** The package form's rules are the server's schema (back-office section 5, Package form). */
const rules = {
  cost: [schemaRule(field.cost)],
  description: [schemaRule(field.description)],
  charge: [schemaRule(field.charge)],
  bonus: [schemaRule(field.bonus)],
  merchant_id: [schemaRule(field.merchant_id)],
} satisfies Record<keyof PackageFormValues, FormRule[]>;

const DESCRIPTION_MAX_LENGTH = 500;

interface PackageFormModalProps {
  /** The package to edit; none to add one. */
  product: Product | null;
  onClose: () => void;
}

/** Adds a package or edits one; it cannot be dismissed while its save runs. */
export function PackageFormModal({ product, onClose }: PackageFormModalProps) {
  const { notification } = App.useApp();
  const createPackage = useCreatePackage();
  const updatePackage = useUpdatePackage();
  const pending = createPackage.isPending || updatePackage.isPending;

  const saved = (text: string) => {
    notification.success({ title: text });
    onClose();
  };
  const failed = (error: unknown) =>
    notification.error({
      title: AdminText.error,
      description: errorMessage(error, CatalogNotice.somethingWrong),
    });

  const save = (values: PackageFormValues) => {
    const body = packageDataOf(values);
    if (product) {
      updatePackage.mutate(
        { id: product._id, body },
        { onSuccess: () => saved(CatalogNotice.changed), onError: failed },
      );
    } else {
      createPackage.mutate(body, { onSuccess: () => saved(CatalogNotice.added), onError: failed });
    }
  };

  return (
    <FormModal<PackageFormValues>
      title={product ? PackagesAdminText.editPackage : PackagesAdminText.newPackage}
      okText={product ? PackagesAdminText.save : PackagesAdminText.add}
      cancelText={PackagesAdminText.cancel}
      pending={pending}
      name="package-form"
      initialValues={product ? packageFormValuesOf(product) : EMPTY_PACKAGE_VALUES}
      onSubmit={save}
      onClose={onClose}
    >
      <Form.Item label={PackagesAdminText.cost} name="cost" rules={rules.cost} required>
        <Input inputMode="decimal" autoFocus />
      </Form.Item>
      <Form.Item label={PackagesAdminText.description} name="description" rules={rules.description} required>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={DESCRIPTION_MAX_LENGTH} />
      </Form.Item>
      <Form.Item label={PackagesAdminText.charge} name="charge" rules={rules.charge} required>
        <Input inputMode="numeric" />
      </Form.Item>
      <Form.Item label={PackagesAdminText.bonus} name="bonus" rules={rules.bonus}>
        <Input inputMode="numeric" />
      </Form.Item>
      <Form.Item label={PackagesAdminText.merchantId} name="merchant_id" rules={rules.merchant_id} required>
        <Input inputMode="numeric" />
      </Form.Item>
    </FormModal>
  );
}
