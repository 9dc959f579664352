import { and, eq, inArray, isNull } from 'drizzle-orm';
import { DispatchText, changeOrderBodySchema, type StaffOrder } from '@retouch/shared/dispatch';
import type { Transaction } from '../../db/client';
import {
  orderItems,
  orderPersons,
  orders,
  serviceDegrees,
  serviceOptions,
  services,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import { findStaffOrder } from '../orders/order-staff-view';
import { lockHeldAttempt } from './dispatch.repository';
import type { DispatchDeps } from './dispatch.service';

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
    const held = await lockHeldAttempt(tx, designerId);
    if (!held) throw AppError.conflict(DispatchText.noOrderInWork);
    const { order } = held;
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
