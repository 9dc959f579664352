import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payments, products } from '../../db/schema/index';
import { PaymentStatus } from '../../db/values';
import type { PaymentKey } from '../../payments/providers';

export type PaymentRow = typeof payments.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

// ---- products (token packages)

export function listLiveProducts(db: Executor): Promise<ProductRow[]> {
  return db.select().from(products).where(isNull(products.deletedAt)).orderBy(asc(products.costCents));
}

export async function findLiveProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  return row;
}

export async function lockLiveProductRow(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .for('update');
  return row;
}

export async function insertProduct(db: Executor, values: typeof products.$inferInsert) {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

export async function insertProducts(
  db: Executor,
  values: Array<typeof products.$inferInsert>,
): Promise<void> {
  await db.insert(products).values(values);
}

export async function updateProductRow(
  db: Executor,
  id: string,
  values: Partial<typeof products.$inferInsert>,
) {
  const [row] = await db.update(products).set(values).where(eq(products.id, id)).returning();
  return row!;
}

export async function softDeleteProduct(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(products).set({ deletedAt: now }).where(eq(products.id, id));
}

// ---- payments

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function setPaymentRefs(
  db: Executor,
  id: string,
  refs: { providerRef: string; clientSecret?: string },
): Promise<void> {
  await db.update(payments).set(refs).where(eq(payments.id, id));
}

/** Only a pending payment changes: undefined when it was credited or failed before. */
export async function markPendingPaymentSucceeded(
  db: Executor,
  id: string,
  completedAt: Date,
): Promise<PaymentRow | undefined> {
  const [payment] = await db
    .update(payments)
    .set({ status: PaymentStatus.succeeded, completedAt, failureMessage: null })
    .where(and(eq(payments.id, id), eq(payments.status, PaymentStatus.pending)))
    .returning();
  return payment;
}

export async function recordPendingPaymentFailure(db: Executor, id: string, message: string): Promise<void> {
  await db
    .update(payments)
    .set({ failureMessage: message })
    .where(and(eq(payments.id, id), eq(payments.status, PaymentStatus.pending)));
}

export async function findPaymentByClientSecret(
  db: Executor,
  userId: string,
  clientSecret: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.clientSecret, clientSecret), eq(payments.userId, userId)));
  return payment;
}

/** The customer's newest pending crypto payment for the package, created after `since`. */
export async function findRecentCryptoPayment(
  db: Executor,
  userId: string,
  productId: string,
  since: Date,
): Promise<PaymentRow | undefined> {
  const [recent] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.productId, productId),
        eq(payments.method, 'crypto'),
        eq(payments.status, PaymentStatus.pending),
        gt(payments.createdAt, since),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return recent;
}

export async function findUserPaymentRow(
  db: Executor,
  userId: string,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  return payment;
}

/** The payment a provider's event names: by the provider's id of it, or by ours. */
export async function findProviderPayment(
  db: Executor,
  provider: string,
  key: PaymentKey,
): Promise<PaymentRow | undefined> {
  const named =
    'providerRef' in key ? eq(payments.providerRef, key.providerRef) : eq(payments.id, key.paymentId);
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), named));
  return payment;
}
