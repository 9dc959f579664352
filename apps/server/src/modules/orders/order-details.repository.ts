import type { PersonProfileSnapshot } from '@retouch/shared/person-profiles';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  degrees,
  orderItems,
  orderPersons,
  orderProcessing,
  type orders,
  refusalReasons,
  serviceOptions,
  services,
  users,
} from '../../db/schema/index';

export type OrderRow = typeof orders.$inferSelect;
type ProcessingRow = typeof orderProcessing.$inferSelect;

interface Bilingual {
  admin: string;
  user: string;
}

/** A chosen service or option with what both audiences need of it. */
interface DetailedItem {
  item: typeof orderItems.$inferSelect;
  title: Bilingual;
  description: Bilingual;
  instruction: string;
  picture: string;
}

/** A processing step with the people and reason it names. */
export interface DetailedStep {
  step: ProcessingRow;
  executorEmail: string | null;
  reviewerEmail: string | null;
  reason: Bilingual | null;
}

/** Everything an order's presentation draws on, loaded for many orders in a few queries. */
export interface OrderDetails {
  row: OrderRow;
  persons: Array<{ name: string; items: DetailedItem[]; profile: PersonProfileSnapshot | null }>;
  steps: DetailedStep[];
  refuseReason: (Bilingual & { id: string }) | null;
  client: { id: string; email: string; giveName: string; familyName: string } | null;
  degreeTitle: (id: string) => Bilingual;
}

const executors = alias(users, 'executors');
const reviewers = alias(users, 'reviewers');
const stepReasons = alias(refusalReasons, 'step_reasons');
/**
 * Sorts a client's message before the attempt its revision started in the same transaction (the same
 * time): false, a client step, comes first.
 */
const clientStepsFirst = sql`${orderProcessing.kind} <> 'client'`;

const bilingual = (admin: string | null | undefined, user: string | null | undefined): Bilingual => ({
  admin: admin ?? '',
  user: user ?? '',
});

/** Loads the persons, entries, degrees, reasons, client and history of the given orders. */
export async function loadOrderDetails(db: Database, rows: OrderRow[]): Promise<OrderDetails[]> {
  if (rows.length === 0) return [];
  const orderIds = rows.map((row) => row.id);
  const reasonIds = rows.flatMap((row) => (row.refuseReasonId ? [row.refuseReasonId] : []));
  const clientIds = [...new Set(rows.map((row) => row.userId))];
  // Every read at once, none waiting for another's answer (the degrees' few titles are read whole):
  // an order's view for a designer it was just handed costs one round trip after its row (issue 20).
  const [persons, items, degreeRows, reasons, clients, steps] = await Promise.all([
    db
      .select()
      .from(orderPersons)
      .where(inArray(orderPersons.orderId, orderIds))
      .orderBy(asc(orderPersons.position)),
    db
      .select({ item: orderItems, service: services, option: serviceOptions })
      .from(orderItems)
      .innerJoin(orderPersons, eq(orderPersons.id, orderItems.personId))
      .innerJoin(services, eq(services.id, orderItems.serviceId))
      .leftJoin(serviceOptions, eq(serviceOptions.id, orderItems.optionId))
      .where(inArray(orderPersons.orderId, orderIds))
      .orderBy(asc(orderItems.position)),
    db.select({ id: degrees.id, titleAdmin: degrees.titleAdmin, titleUser: degrees.titleUser }).from(degrees),
    reasonIds.length ? db.select().from(refusalReasons).where(inArray(refusalReasons.id, reasonIds)) : [],
    db
      .select({ id: users.id, email: users.email, giveName: users.giveName, familyName: users.familyName })
      .from(users)
      .where(inArray(users.id, clientIds)),
    db
      .select({
        step: orderProcessing,
        executorEmail: executors.email,
        reviewerEmail: reviewers.email,
        reasonAdmin: stepReasons.titleAdmin,
        reasonUser: stepReasons.titleUser,
      })
      .from(orderProcessing)
      .leftJoin(executors, eq(executors.id, orderProcessing.executorId))
      .leftJoin(reviewers, eq(reviewers.id, orderProcessing.reviewerId))
      .leftJoin(stepReasons, eq(stepReasons.id, orderProcessing.resultReasonId))
      .where(inArray(orderProcessing.orderId, orderIds))
      .orderBy(asc(orderProcessing.createdAt), asc(clientStepsFirst), asc(orderProcessing.id)),
  ]);

  const degreeById = new Map(degreeRows.map((degree) => [degree.id, degree]));
  const degreeTitle = (id: string) =>
    bilingual(degreeById.get(id)?.titleAdmin, degreeById.get(id)?.titleUser);

  return rows.map((row) => {
    const reason = reasons.find((candidate) => candidate.id === row.refuseReasonId);
    return {
      row,
      persons: persons
        .filter((person) => person.orderId === row.id)
        .map((person) => ({
          name: person.name,
          profile: person.profile,
          items: items
            .filter(({ item }) => item.personId === person.id)
            .map(({ item, service, option }) => {
              const offer = option ?? service;
              return {
                item,
                title: bilingual(offer.titleAdmin, offer.titleUser),
                description: bilingual(offer.descriptionAdmin, offer.descriptionUser),
                instruction: offer.instruction,
                picture: offer.pictureThumb,
              };
            }),
        })),
      steps: steps
        .filter(({ step }) => step.orderId === row.id)
        .map(({ step, executorEmail, reviewerEmail, reasonAdmin, reasonUser }) => ({
          step,
          executorEmail,
          reviewerEmail,
          reason: step.resultReasonId ? bilingual(reasonAdmin, reasonUser) : null,
        })),
      refuseReason: reason ? { id: reason.id, ...bilingual(reason.titleAdmin, reason.titleUser) } : null,
      client: clients.find((client) => client.id === row.userId) ?? null,
      degreeTitle,
    };
  });
}
