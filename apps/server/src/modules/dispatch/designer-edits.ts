import { AuditAction, AuditTarget } from '@retouch/shared/audit';
import { DispatchText, type changeOrderBodySchema, type StaffOrder } from '@retouch/shared/dispatch';
import {
  OrderEntryText,
  priceEntries,
  type EntryCatalog,
  type OrderEntryInput,
  type PricedEntry,
} from '@retouch/shared/order-entries';
import type { z } from 'zod';
import type { Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.repository';
import { loadEntryCatalog } from '../orders/order-catalog.repository';
import { recordPersonsView } from '../orders/order-history.repository';
import { findStaffOrder } from '../orders/order-staff-view';
import type { RecordedServices } from '../orders/services-edited';
import { lockHeldAttempt } from '../order-flow/order-flow.repository';
import {
  insertOrderItem,
  loadOrderEntries,
  markItemEdited,
  setDesignerPay,
  type ItemRow,
} from './dispatch.repository';
import type { DispatchDeps } from './dispatch.service';

type BodyPerson = z.output<typeof changeOrderBodySchema>['persons'][number];
type BodyEntry = BodyPerson['orders'][number];

/** What becomes of one item already on the order. */
interface KeptItem {
  item: ItemRow;
  active: boolean;
  degreeIds: string[];
}

/** One person's services after the edit: the items it keeps (on or off) and the entries it adds. */
interface PersonEdit {
  personId: string;
  name: string;
  kept: KeptItem[];
  added: BodyEntry[];
}

/**
 * `PATCH /api/admin/orders/executor/change/order`: the designer corrects the persons' services.
 * Entries missing from the body or sent with status false stop counting. A new entry needs its
 * option where the service has any and a degree where it has any (back office section 5); then the
 * person's active entries must pass the entry rules exactly as a new order's would (DESIGN 4). The
 * designer's pay is the rules' sum over the active entries; the customer's cost never changes
 * (docs/decisions/0011). An edit that would pay more than the order as charged is refused, and every
 * accepted edit is audited (docs/decisions/0047).
 */
export async function changeOrderServices(
  deps: DispatchDeps,
  designerId: string,
  { persons }: z.output<typeof changeOrderBodySchema>,
): Promise<{ order: StaffOrder; message: string }> {
  const names = persons.map((person) => person.id);
  if (new Set(names).size !== names.length) throw AppError.badRequest(OrderEntryText.personRepeated);
  const orderId = await deps.db.transaction(async (tx) => {
    const held = await lockHeldAttempt(tx, designerId);
    if (!held) throw AppError.conflict(DispatchText.noOrderInWork);
    const { order } = held;
    const { personRows, items } = await loadOrderEntries(tx, order.id);
    const edits = persons.map((person) => {
      const personRow = personRows.find((row) => row.name === person.id);
      if (!personRow) throw AppError.badRequest(DispatchText.cannotAddService);
      return planPersonEdit(
        personRow,
        person,
        items.filter((item) => item.personId === personRow.id),
      );
    });
    const catalog = await loadEntryCatalog(tx, [
      ...edits.flatMap((edit) => edit.added),
      ...edits.flatMap((edit) => edit.kept.filter((kept) => kept.active).map(({ item }) => itemEntry(item))),
    ]);
    const changed = edits.filter(isChange);
    changed.forEach((edit) => checkAdded(edit, catalog));
    const check = priceEntries(changed.map(entriesAfter), catalog, { allowEmpty: true });
    if (!check.ok) throw AppError.badRequest(check.text);
    const checkedIds = new Set(changed.map((edit) => edit.personId));
    const untouchedPay = items
      .filter((item) => item.active && !checkedIds.has(item.personId))
      .reduce((total, item) => total + item.designerPrice, 0);
    const pay = untouchedPay + check.priced.costForExecutor;
    if (pay > chargedPay(order)) throw AppError.conflict(DispatchText.payAboveCharge);
    for (const [index, edit] of changed.entries()) {
      await writePersonEdit(tx, edit, check.priced.persons[index]!.items);
    }
    await setDesignerPay(tx, order.id, pay);
    // An edit that changed nothing is not logged.
    if (changed.length > 0) await auditEdit(tx, designerId, order, { personRows, items }, pay);
    await recordPersonsView(tx, order.id);
    return order.id;
  });
  const order = await findStaffOrder(deps.db, orderId);
  return { order: order!, message: DispatchText.servicesSaved };
}

/**
 * The most the designer may be paid for the order: its pay when the customer sent it, and never more
 * than the customer was charged.
 */
function chargedPay(order: { cost: number; costForExecutor: number; payAsSent: number | null }) {
  return Math.min(order.payAsSent ?? order.costForExecutor, order.cost);
}

/** One audit entry for an accepted edit: the designer, the order, its services and pay before and after. */
async function auditEdit(
  tx: Transaction,
  designerId: string,
  order: { id: string; costForExecutor: number },
  before: Awaited<ReturnType<typeof loadOrderEntries>>,
  pay: number,
) {
  const after = await loadOrderEntries(tx, order.id);
  await recordAudit(tx, {
    actorId: designerId,
    action: AuditAction.services,
    target: { type: AuditTarget.order, id: order.id, label: order.id },
    before: servicesRecord(before.personRows, before.items, order.costForExecutor),
    after: servicesRecord(after.personRows, after.items, pay),
  });
}

/** The order's services and pay as the audit log keeps them; the moderator's view reads the first `before`. */
function servicesRecord(
  personRows: Array<{ id: string; name: string }>,
  items: ItemRow[],
  pay: number,
): RecordedServices {
  return {
    pay,
    persons: personRows.map((person) => ({
      id: person.name,
      services: items
        .filter((item) => item.personId === person.id)
        .map(({ serviceId, optionId, degreeIds, designerPrice, active, edited }) => ({
          serviceId,
          optionId,
          degreeIds,
          designerPrice,
          active,
          edited,
        })),
    })),
  };
}

/** Pairs the body's entries with the person's items; entries with no item are new. */
function planPersonEdit(
  personRow: { id: string; name: string },
  person: BodyPerson,
  items: ItemRow[],
): PersonEdit {
  const unmatched = [...items];
  const kept: KeptItem[] = [];
  const added: BodyEntry[] = [];
  for (const entry of person.orders) {
    const index = unmatched.findIndex(
      (item) =>
        (entry.isOptional ? item.optionId : item.serviceId) === entry.id &&
        (entry.isOptional || !item.optionId),
    );
    if (index < 0) {
      if (entry.status) added.push(entry);
      continue;
    }
    const [item] = unmatched.splice(index, 1);
    const degreesChanged =
      !entry.isOptional && entry.degreeAction.length > 0 && !sameSet(entry.degreeAction, item!.degreeIds);
    kept.push({
      item: item!,
      active: entry.status,
      degreeIds: degreesChanged ? entry.degreeAction : item!.degreeIds,
    });
  }
  // What the designer left out no longer counts.
  for (const item of unmatched) kept.push({ item, active: false, degreeIds: item.degreeIds });
  return { personId: personRow.id, name: personRow.name, kept, added };
}

const isChange = (edit: PersonEdit) =>
  edit.added.length > 0 ||
  edit.kept.some(({ item, active, degreeIds }) => item.active !== active || degreeIds !== item.degreeIds);

const itemEntry = (item: ItemRow): OrderEntryInput => ({
  id: item.optionId ?? item.serviceId,
  isOptional: item.optionId !== null,
});

/** The person's entries after the edit, for the rules: kept ones at the price they were taken at. */
function entriesAfter(edit: PersonEdit) {
  return {
    id: edit.name,
    orders: [
      ...edit.kept.map(({ item, active, degreeIds }) => ({
        ...itemEntry(item),
        status: active,
        degreeAction: degreeIds,
        price: item,
      })),
      ...edit.added,
    ],
  };
}

/** A new entry must be complete: on offer, with its option and its degree where the service has them. */
function checkAdded(edit: PersonEdit, catalog: EntryCatalog) {
  for (const entry of edit.added) {
    if (entry.isOptional) {
      if (!catalog.options.has(entry.id)) throw AppError.badRequest(DispatchText.cannotAddService);
      continue;
    }
    const service = catalog.services.get(entry.id);
    const optionAdded = edit.added.some(
      (other) => other.isOptional && catalog.options.get(other.id)?.serviceId === entry.id,
    );
    const degreeMissing =
      service !== undefined && service.degreeIds.length > 0 && entry.degreeAction.length === 0;
    if (!service || (service.optionIds.length > 0 && !optionAdded) || degreeMissing)
      throw AppError.badRequest(DispatchText.cannotAddService);
  }
}

/** Writes one checked person: items switched on or off or given new degrees, then the new ones. */
async function writePersonEdit(tx: Transaction, edit: PersonEdit, priced: PricedEntry[]) {
  for (const { item, active, degreeIds } of edit.kept) {
    if (item.active === active && degreeIds === item.degreeIds) continue;
    await markItemEdited(tx, item.id, { active, degreeIds });
  }
  // New entries follow the kept ones in the rules' input, and the person's items in position.
  let position = edit.kept.length;
  for (const entry of priced.filter((candidate) => candidate.entryIndex >= edit.kept.length)) {
    await insertOrderItem(tx, {
      personId: edit.personId,
      serviceId: entry.serviceId,
      optionId: entry.optionId,
      degreeIds: entry.degreeIds,
      cost: entry.cost,
      designerPrice: entry.designerPrice,
      executionTime: entry.executionTime,
      active: true,
      edited: true,
      position,
    });
    position += 1;
  }
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));
