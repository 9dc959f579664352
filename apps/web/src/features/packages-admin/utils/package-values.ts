import { packageBodySchema, type Product } from '@retouch/shared/payments';
import type { z } from 'zod';

/** The package form as typed: numbers stay text, so letters can be refused with the specification's text. */
export interface PackageFormValues {
  cost: string;
  description: string;
  charge: string;
  bonus: string;
  merchant_id: string;
}

export const EMPTY_PACKAGE_VALUES: PackageFormValues = {
  cost: '',
  description: '',
  charge: '',
  bonus: '',
  merchant_id: '',
};

/** The form values of a stored package. */
export function packageFormValuesOf(product: Product): PackageFormValues {
  return {
    cost: String(product.cost),
    description: product.description,
    charge: String(product.charge),
    bonus: String(product.bonus),
    merchant_id: String(product.merchant_id),
  };
}

/** A package body as the shared schema outputs it: numbers, bonus 0 when it was left empty. */
export type PackageData = z.output<typeof packageBodySchema>;

/** The body `POST /api/admin/product` and `PATCH /api/admin/product/{id}` take, from validated values. */
export function packageDataOf(values: PackageFormValues): PackageData {
  return packageBodySchema.parse(values);
}
