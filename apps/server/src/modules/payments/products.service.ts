import type { z } from 'zod';
import { AuditTarget } from '@retouch/shared/audit';
import {
  DEFAULT_PACKAGES,
  PackageText,
  type packageBodySchema,
  type Product,
} from '@retouch/shared/payments';
import type { Database, Executor, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordRowChange } from '../audit/audit.repository';
import {
  insertProduct,
  insertProducts,
  listLiveProducts,
  lockLiveProductRow,
  softDeleteProduct,
  updateProductRow,
  type ProductRow,
} from './payments.repository';

function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    charge: row.charge,
    bonus: row.bonus,
    cost: row.costCents / 100,
    description: row.description,
    merchant_id: row.merchantId,
  };
}

/** A package's body, as its route parsed it. */
type PackageInput = z.output<typeof packageBodySchema>;

function toProductValues(input: PackageInput) {
  return {
    charge: input.charge,
    bonus: input.bonus,
    costCents: Math.round(input.cost * 100),
    description: input.description,
    merchantId: input.merchant_id,
  };
}

export async function listProducts(db: Executor): Promise<Product[]> {
  return (await listLiveProducts(db)).map(toProduct);
}

const packageTarget = (row: ProductRow) => ({
  type: AuditTarget.package,
  id: row.id,
  label: row.description,
});

async function lockLiveProduct(tx: Transaction, id: string): Promise<ProductRow> {
  const row = await lockLiveProductRow(tx, id);
  if (!row) throw AppError.notFound(PackageText.notFound);
  return row;
}

export async function createProduct(db: Database, actorId: string, body: PackageInput): Promise<Product> {
  const values = toProductValues(body);
  return db.transaction(async (tx) => {
    const row = await insertProduct(tx, values);
    await recordRowChange(tx, actorId, packageTarget(row), { before: null, after: row });
    return toProduct(row);
  });
}

export async function updateProduct(
  db: Database,
  actorId: string,
  id: string,
  body: PackageInput,
): Promise<Product> {
  const values = toProductValues(body);
  return db.transaction(async (tx) => {
    const before = await lockLiveProduct(tx, id);
    const after = await updateProductRow(tx, id, values);
    await recordRowChange(tx, actorId, packageTarget(before), { before, after });
    return toProduct(after);
  });
}

/** Soft delete: payments keep pointing at the package they bought. */
export async function deleteProduct(db: Database, actorId: string, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const product = await lockLiveProduct(tx, id);
    await softDeleteProduct(tx, id, now);
    await recordRowChange(tx, actorId, packageTarget(product), { before: product, after: null });
  });
}

/** The eleven packages of the policy text. */
export async function seedDefaultPackages(db: Executor): Promise<void> {
  await insertProducts(
    db,
    DEFAULT_PACKAGES.map(([charge, bonus, cost], index) => ({
      charge,
      bonus,
      costCents: cost * 100,
      description: bonus > 0 ? `${charge} tokens + ${bonus} bonus` : `${charge} tokens`,
      merchantId: index + 1,
    })),
  );
}
