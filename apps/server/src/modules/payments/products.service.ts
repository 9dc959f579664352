import { and, asc, eq, isNull } from 'drizzle-orm';
import { DEFAULT_PACKAGES, PackageText, packageBodySchema, type Product } from '@retouch/shared/payments';
import type { Executor } from '../../db/client';
import { products } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';

type ProductRow = typeof products.$inferSelect;

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    charge: row.charge,
    bonus: row.bonus,
    cost: row.costCents / 100,
    description: row.description,
    merchant_id: row.merchantId,
  };
}

function toProductValues(body: unknown) {
  const input = parseInput(packageBodySchema, body);
  return {
    charge: input.charge,
    bonus: input.bonus,
    costCents: Math.round(input.cost * 100),
    description: input.description,
    merchantId: input.merchant_id,
  };
}

export async function listProducts(db: Executor): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(isNull(products.deletedAt))
    .orderBy(asc(products.costCents));
  return rows.map(toProduct);
}

export async function findLiveProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  return row;
}

export async function createProduct(db: Executor, body: unknown): Promise<Product> {
  const [row] = await db.insert(products).values(toProductValues(body)).returning();
  return toProduct(row!);
}

export async function updateProduct(db: Executor, id: string, body: unknown): Promise<Product> {
  const [row] = await db
    .update(products)
    .set(toProductValues(body))
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .returning();
  if (!row) throw AppError.notFound(PackageText.notFound);
  return toProduct(row);
}

/** Soft delete: payments keep pointing at the package they bought. */
export async function deleteProduct(db: Executor, id: string, now: Date): Promise<void> {
  const deleted = await db
    .update(products)
    .set({ deletedAt: now })
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .returning({ id: products.id });
  if (deleted.length === 0) throw AppError.notFound(PackageText.notFound);
}

/** The eleven packages of the policy text. */
export async function seedDefaultPackages(db: Executor): Promise<void> {
  await db.insert(products).values(
    DEFAULT_PACKAGES.map(([charge, bonus, cost], index) => ({
      charge,
      bonus,
      costCents: cost * 100,
      description: bonus > 0 ? `${charge} tokens + ${bonus} bonus` : `${charge} tokens`,
      merchantId: index + 1,
    })),
  );
}
