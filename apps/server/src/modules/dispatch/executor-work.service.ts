import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  DispatchText,
  ExecutorResult,
  changeOrderBodySchema,
  refuseBodySchema,
  type StaffOrder,
} from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import type { Transaction } from '../../db/client';
import {
  orderItems,
  orderPersons,
  orderProcessing,
  orders,
  refusalReasons,
  serviceDegrees,
  serviceOptions,
  services,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { prepareImage } from '../../lib/images';
import { parseInput } from '../../lib/validation';
import { commitWithFiles } from '../../storage/commit-with-files';
import { publicFilePath, type Storage } from '../../storage/storage';
import { findStaffOrder } from '../orders/order-staff-view';
import { countWaitingForDesigner, isAttemptPicture, lockHeldAttempt } from './dispatch.repository';
import type { DispatchDeps } from './dispatch.service';

export interface ExecutorWorkDeps extends DispatchDeps {
  storage: Storage;
}

/** Longest side kept of a designer's result. */
const RESULT_MAX_SIDE = 8000;

async function lockOrFail(tx: Transaction, designerId: string) {
  const held = await lockHeldAttempt(tx, designerId);
  if (!held) throw AppError.conflict(DispatchText.noOrderInWork);
  return held;
}

/**
 * `POST /api/admin/orders/executor/completed`: the designer's result goes to review (condition 2).
 * The picture is checked and stored first and removed again if the attempt ended meanwhile.
 */
export async function completeOrder(
  deps: ExecutorWorkDeps,
  designerId: string,
  image: Buffer | undefined,
): Promise<{ message: string }> {
  if (!image) throw AppError.badRequest(DispatchText.imageMissing);
  const prepared = await prepareImage(image, { maxSide: RESULT_MAX_SIDE, format: 'jpeg' });
  const held = await findStaffHeld(deps, designerId);
  const key = `orders/${held.orderId}/result-${randomUUID()}.${prepared.extension}`;
  await deps.storage.put(key, prepared.data, prepared.contentType);
  const committed = await commitWithFiles(
    deps,
    [key],
    async (tx) => {
      const { attempt, order } = await lockOrFail(tx, designerId);
      const now = deps.now();
      await tx
        .update(orderProcessing)
        .set({
          dateEnd: now,
          resultStatus: ExecutorResult.completed,
          resultPicture: publicFilePath(key),
          offerExpiresAt: null,
        })
        .where(eq(orderProcessing.id, attempt.id));
      await tx
        .update(orders)
        .set({ condition: OrderCondition.resultReview, executorId: null, queuedAt: now })
        .where(eq(orders.id, order.id));
      return order.userId;
    },
    () => isAttemptPicture(deps.db, 'resultPicture', publicFilePath(key)),
  );
  // A result recorded though its COMMIT answer was lost: the designer's retry then meets 409.
  if (!committed.answered) throw committed.error;
  afterHandOver(deps, committed.value, held.orderId, OrderCondition.resultReview);
  return { message: DispatchText.orderSent };
}

/** `POST /api/admin/orders/executor/refuse` {_id}: the refusal with its reason goes to review (condition 3). */
export async function refuseOrder(
  deps: DispatchDeps,
  designerId: string,
  body: unknown,
): Promise<{ message: string }> {
  const { _id: reasonId } = parseInput(refuseBodySchema, body);
  const [reason] = await deps.db
    .select({ id: refusalReasons.id })
    .from(refusalReasons)
    .where(and(eq(refusalReasons.id, reasonId), isNull(refusalReasons.deletedAt)));
  if (!reason) throw AppError.badRequest(DispatchText.reasonUnknown);
  const { orderId, customerId } = await deps.db.transaction(async (tx) => {
    const { attempt, order } = await lockOrFail(tx, designerId);
    const now = deps.now();
    await tx
      .update(orderProcessing)
      .set({
        dateEnd: now,
        resultStatus: ExecutorResult.refused,
        resultReasonId: reasonId,
        offerExpiresAt: null,
      })
      .where(eq(orderProcessing.id, attempt.id));
    await tx
      .update(orders)
      .set({ condition: OrderCondition.refusalReview, executorId: null, queuedAt: now })
      .where(eq(orders.id, order.id));
    return { orderId: order.id, customerId: order.userId };
  });
  afterHandOver(deps, customerId, orderId, OrderCondition.refusalReview);
  return { message: DispatchText.orderRefused };
}

function afterHandOver(deps: DispatchDeps, customerId: string, orderId: string, condition: number) {
  deps.events.orderChanged(customerId, orderId, condition);
  deps.events.reviewQueueChanged();
  void countWaitingForDesigner(deps.db).then(deps.events.executorQueueChanged, () => undefined);
}

async function findStaffHeld(deps: DispatchDeps, designerId: string) {
  const [row] = await deps.db
    .select({ orderId: orders.id })
    .from(orders)
    .where(eq(orders.executorId, designerId));
  if (!row) throw AppError.conflict(DispatchText.noOrderInWork);
  return row;
}

interface CatalogEntry {
  serviceId: string;
  cost: number;
  designerPrice: number;
  executionTime: number;
  degreeIds: string[];
  hasOptions: boolean;
}

/**
 * `PATCH /api/admin/orders/executor/change/order`: the designer corrects the persons' services.
 * Entries missing from the body or sent with status false stop counting; new ones are checked against
 * the catalogue (an option where the service has any, a degree where it has any). The designer's pay
 * follows the active entries; the customer's cost never changes (docs/decisions/0011).
 */
export async function changeOrderServices(
  deps: DispatchDeps,
  designerId: string,
  body: unknown,
): Promise<{ order: StaffOrder; message: string }> {
  const { persons } = parseInput(changeOrderBodySchema, body);
  const orderId = await deps.db.transaction(async (tx) => {
    const { order } = await lockOrFail(tx, designerId);
    const personRows = await tx.select().from(orderPersons).where(eq(orderPersons.orderId, order.id));
    const items = personRows.length
      ? await tx
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.personId,
              personRows.map((person) => person.id),
            ),
          )
      : [];
    const catalog = await loadCatalogEntries(
      tx,
      persons.flatMap((person) => person.orders),
    );
    for (const person of persons) {
      const personRow = personRows.find((row) => row.name === person.id);
      if (!personRow) throw AppError.badRequest(DispatchText.cannotAddService);
      const unmatched = items.filter((item) => item.personId === personRow.id);
      const newEntries: typeof person.orders = [];
      for (const entry of person.orders) {
        const index = unmatched.findIndex(
          (item) =>
            (entry.isOptional ? item.optionId : item.serviceId) === entry.id &&
            (entry.isOptional || !item.optionId),
        );
        if (index < 0) {
          newEntries.push(entry);
          continue;
        }
        const [item] = unmatched.splice(index, 1);
        const degreesChanged =
          !entry.isOptional && entry.degreeAction.length > 0 && !sameSet(entry.degreeAction, item!.degreeIds);
        if (item!.active !== entry.status || degreesChanged) {
          await tx
            .update(orderItems)
            .set({
              active: entry.status,
              edited: true,
              degreeIds: degreesChanged ? entry.degreeAction : item!.degreeIds,
            })
            .where(eq(orderItems.id, item!.id));
        }
      }
      // What the designer left out no longer counts.
      for (const item of unmatched.filter((candidate) => candidate.active)) {
        await tx.update(orderItems).set({ active: false, edited: true }).where(eq(orderItems.id, item.id));
      }
      await addNewEntries(tx, personRow.id, newEntries, items, catalog);
    }
    const active = await tx
      .select({ designerPrice: orderItems.designerPrice })
      .from(orderItems)
      .innerJoin(orderPersons, eq(orderPersons.id, orderItems.personId))
      .where(and(eq(orderPersons.orderId, order.id), eq(orderItems.active, true)));
    await tx
      .update(orders)
      .set({ costForExecutor: active.reduce((total, item) => total + item.designerPrice, 0) })
      .where(eq(orders.id, order.id));
    return order.id;
  });
  const order = await findStaffOrder(deps.db, orderId);
  return { order: order!, message: DispatchText.servicesSaved };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

async function addNewEntries(
  tx: Transaction,
  personId: string,
  entries: Array<{ id: string; isOptional: boolean; status: boolean; degreeAction: string[] }>,
  existing: Array<typeof orderItems.$inferSelect>,
  catalog: Map<string, CatalogEntry>,
) {
  const added = entries.filter((entry) => entry.status);
  let position = existing.filter((item) => item.personId === personId).length;
  for (const entry of added) {
    const offer = catalog.get(entry.id);
    if (!offer) throw AppError.badRequest(DispatchText.cannotAddService);
    if (!entry.isOptional) {
      const needsOption =
        offer.hasOptions &&
        !added.some((other) => other.isOptional && catalog.get(other.id)?.serviceId === entry.id);
      const degreesOk =
        offer.degreeIds.length === 0 ||
        (entry.degreeAction.length > 0 && entry.degreeAction.every((id) => offer.degreeIds.includes(id)));
      if (needsOption || !degreesOk) throw AppError.badRequest(DispatchText.cannotAddService);
    } else {
      const serviceThere =
        added.some((other) => !other.isOptional && other.id === offer.serviceId) ||
        existing.some(
          (item) => item.personId === personId && item.serviceId === offer.serviceId && !item.optionId,
        );
      if (!serviceThere) throw AppError.badRequest(DispatchText.cannotAddService);
    }
    await tx.insert(orderItems).values({
      personId,
      serviceId: offer.serviceId,
      optionId: entry.isOptional ? entry.id : null,
      degreeIds: entry.isOptional ? [] : entry.degreeAction,
      cost: offer.cost,
      designerPrice: offer.designerPrice,
      executionTime: offer.executionTime,
      active: true,
      edited: true,
      position,
    });
    position += 1;
  }
}

/** Active catalogue services and options named by the body, keyed by their id. */
async function loadCatalogEntries(
  tx: Transaction,
  entries: Array<{ id: string; isOptional: boolean }>,
): Promise<Map<string, CatalogEntry>> {
  const serviceIds = entries.filter((entry) => !entry.isOptional).map((entry) => entry.id);
  const optionIds = entries.filter((entry) => entry.isOptional).map((entry) => entry.id);
  const found = new Map<string, CatalogEntry>();
  if (serviceIds.length) {
    const rows = await tx
      .select()
      .from(services)
      .where(and(inArray(services.id, serviceIds), eq(services.status, true), isNull(services.deletedAt)));
    const links = await tx.select().from(serviceDegrees).where(inArray(serviceDegrees.serviceId, serviceIds));
    const options = await tx
      .select({ serviceId: serviceOptions.serviceId })
      .from(serviceOptions)
      .where(
        and(
          inArray(serviceOptions.serviceId, serviceIds),
          eq(serviceOptions.status, true),
          isNull(serviceOptions.deletedAt),
        ),
      );
    for (const row of rows) {
      found.set(row.id, {
        serviceId: row.id,
        cost: row.cost,
        designerPrice: row.designerPrice,
        executionTime: row.executionTime,
        degreeIds: links.filter((link) => link.serviceId === row.id).map((link) => link.degreeId),
        hasOptions: options.some((option) => option.serviceId === row.id),
      });
    }
  }
  if (optionIds.length) {
    const rows = await tx
      .select()
      .from(serviceOptions)
      .where(
        and(
          inArray(serviceOptions.id, optionIds),
          eq(serviceOptions.status, true),
          isNull(serviceOptions.deletedAt),
        ),
      );
    for (const row of rows) {
      found.set(row.id, {
        serviceId: row.serviceId,
        cost: row.cost,
        designerPrice: row.designerPrice,
        executionTime: row.executionTime,
        degreeIds: [],
        hasOptions: false,
      });
    }
  }
  return found;
}
