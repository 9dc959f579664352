import type { StaffOrder, StaffProcessingStep } from '@retouch/shared/dispatch';
import type { Database } from '../../db/client';
import { orderPictureFields } from './order-history';
import { loadOrderDetails, type DetailedStep, type OrderRow } from './order-details.repository';
import { findOrderRows } from './orders.repository';
import { findServicesAsSent } from './services-as-sent.repository';
import { presentServicesEdited } from './services-edited';

/** Orders as staff see them (back-office section 3): both languages, instructions, pay and the whole history. */
export async function presentStaffOrders(db: Database, rows: OrderRow[]): Promise<StaffOrder[]> {
  const orderIds = rows.map((row) => row.id);
  // Read beside the details, not after them: no round trip more (issue 20).
  const [details, servicesAsSent] = await Promise.all([
    loadOrderDetails(db, rows),
    findServicesAsSent(db, orderIds),
  ]);
  return details.map((detail) => {
    const { row, persons, steps, refuseReason, client, degreeTitle } = detail;
    const expired = row.picturesExpiredAt !== null;
    const processing = steps.map((step) => toStaffStep(step, expired));
    const current = steps.findLast(({ step }) => step.kind === 'executor' && step.dateEnd === null);
    return {
      _id: row.id,
      condition: row.condition,
      createdAt: row.createdAt.toISOString(),
      cost: row.cost,
      tip: row.tip,
      executionTime: row.executionTime,
      dateStart: row.dateStart?.toISOString() ?? null,
      message: row.message,
      client: {
        _id: row.userId,
        email: client?.email ?? '',
        name: { giveName: client?.giveName ?? '', familyName: client?.familyName ?? '' },
      },
      ...orderPictureFields(row),
      refuseReason: refuseReason
        ? { _id: refuseReason.id, title: { admin: refuseReason.admin, user: refuseReason.user } }
        : null,
      finance: { costForExecutor: row.costForExecutor },
      persons: persons.map((person) => ({
        id: person.name,
        orders: person.items.map(({ item, title, description, instruction, picture }) => ({
          _id: item.optionId ?? item.serviceId,
          ref: item.optionId ?? item.serviceId,
          serviceId: item.serviceId,
          isOptional: item.optionId !== null,
          title,
          description,
          instruction,
          picture,
          degreeAction: item.degreeIds.map((id) => ({ _id: id, title: degreeTitle(id) })),
          cost: item.cost,
          designerPrice: item.designerPrice,
          active: item.active,
          edited: item.edited,
        })),
        profile: person.profile,
      })),
      processing,
      currentProcessing: current ? toStaffStep(current, expired) : null,
      servicesEdited: presentServicesEdited(detail, servicesAsSent.get(row.id)),
    };
  });
}

/** One order as staff see it, or undefined. */
export async function findStaffOrder(db: Database, orderId: string): Promise<StaffOrder | undefined> {
  const [order] = await presentStaffOrders(db, await findOrderRows(db, orderId));
  return order;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** One processing entry; its pictures are null once the order's pictures expired. */
function toStaffStep(
  { step, executorEmail, reviewerEmail, reason }: DetailedStep,
  picturesExpired: boolean,
): StaffProcessingStep {
  const reviewed = step.reviewerId !== null;
  return {
    _id: step.id,
    createdAt: step.createdAt.toISOString(),
    client: step.kind === 'client' ? { message: step.clientMessage ?? '' } : null,
    executor:
      step.kind === 'executor'
        ? {
            _id: step.executorId ?? '',
            email: executorEmail ?? '',
            dateStart: iso(step.dateStart),
            dateEnd: iso(step.dateEnd),
            timeExtension: step.timeExtension,
            result: {
              status: step.resultStatus,
              picture: picturesExpired ? null : step.resultPicture,
              reason: reason ? { title: reason } : null,
            },
          }
        : null,
    review: reviewed
      ? {
          _id: step.reviewerId,
          email: reviewerEmail,
          dateStart: iso(step.reviewDateStart),
          dateEnd: iso(step.reviewDateEnd),
          result: {
            status: step.reviewStatus,
            picture: picturesExpired ? null : step.reviewPicture,
            message: step.reviewMessage,
          },
        }
      : null,
  };
}
