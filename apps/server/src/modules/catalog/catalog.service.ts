import type { z } from 'zod';
import {
  CatalogText,
  MAX_SERVICE_GROUPS,
  type groupBodySchema,
  type groupUpdateBodySchema,
  offerDataSchema,
  type optionTemplateBodySchema,
  serviceDataSchema,
  type AdminGroup,
  type AdminOption,
  type AdminService,
  type CatalogTitles,
  type OptionTemplate,
} from '@retouch/shared/catalog';
import { AuditTarget } from '@retouch/shared/audit';
import type { Database, Transaction } from '../../db/client';
import { AdvisoryLock, lockForTransaction } from '../../db/locks';
import { AppError } from '../../lib/app-error';
import { changesNothing, recordRowChange } from '../audit/audit.repository';
import { parseInput } from '../../lib/validation';
import type { Storage } from '../../storage/storage';
import type { CatalogCache } from './catalog-cache';
import { hasAllPictures, storeOfferPictures } from './catalog-pictures';
import { toAdminCatalog, toAdminOption, toAdminService } from './catalog.presenter';
import {
  countLiveGroups,
  findLiveGroup,
  findLiveOption,
  findLiveService,
  findServiceDegreeIds,
  insertGroup,
  insertOption,
  insertService,
  insertTemplate,
  listLiveDegreeDefaults,
  listLiveTemplates,
  loadCatalogRows,
  lockLiveTemplateRow,
  replaceServiceDegrees,
  softDeleteGroupTree,
  softDeleteOption,
  softDeleteServiceTree,
  softDeleteTemplate,
  updateGroupRow,
  updateOptionRow,
  updateServiceRow,
  updateTemplateRow,
  type GroupRow,
  type OptionRow,
  type ServiceRow,
  type TemplateRow,
} from './catalog.repository';

export interface CatalogDeps {
  db: Database;
  storage: Storage;
  cache: CatalogCache;
  /** The staff member making the change, for the audit log. */
  actorId: string;
}

const groupTarget = (row: GroupRow) => ({ type: AuditTarget.group, id: row.id, label: row.titleAdmin });
const serviceTarget = (row: ServiceRow) => ({ type: AuditTarget.service, id: row.id, label: row.titleAdmin });
const optionTarget = (row: OptionRow) => ({ type: AuditTarget.option, id: row.id, label: row.titleAdmin });
const templateTarget = (row: TemplateRow) => ({
  type: AuditTarget.template,
  id: row.id,
  label: row.titleAdmin,
});

export async function listAdminCatalog(deps: CatalogDeps): Promise<AdminGroup[]> {
  return toAdminCatalog(await loadCatalogRows(deps.db));
}

export async function listCatalogTitles(db: Database): Promise<CatalogTitles> {
  const rows = await loadCatalogRows(db);
  const titled = [...rows.groups, ...rows.services, ...rows.options, ...rows.degrees];
  return Object.fromEntries(titled.map((row) => [row.id, row.titleAdmin]));
}

// ---- groups

/** A group's body, as its route parsed it. */
export type GroupInput = z.output<typeof groupBodySchema> | z.output<typeof groupUpdateBodySchema>;

function toGroupValues({ title, status }: GroupInput) {
  return { titleAdmin: title.admin, titleUser: title.user, status };
}

export async function createGroup(deps: CatalogDeps, body: GroupInput): Promise<AdminGroup> {
  const values = toGroupValues(body);
  const id = await deps.db.transaction(async (tx) => {
    await lockForTransaction(tx, AdvisoryLock.serviceGroups);
    if ((await countLiveGroups(tx)) >= MAX_SERVICE_GROUPS) throw AppError.conflict(CatalogText.tooManyGroups);
    const row = await insertGroup(tx, values);
    await recordRowChange(tx, deps.actorId, groupTarget(row), { before: null, after: row });
    return row.id;
  });
  deps.cache.invalidate();
  return findAdminGroup(deps, id);
}

export async function updateGroup(deps: CatalogDeps, id: string, body: GroupInput): Promise<AdminGroup> {
  const values = toGroupValues(body);
  await deps.db.transaction(async (tx) => {
    const before = await findLiveGroup(tx, id, 'update');
    if (!before) throw AppError.notFound(CatalogText.groupNotFound);
    if (changesNothing(before, values)) return;
    const after = await updateGroupRow(tx, id, values);
    await recordRowChange(tx, deps.actorId, groupTarget(before), { before, after });
  });
  deps.cache.invalidate();
  return findAdminGroup(deps, id);
}

/** Soft-deletes the group with its services and their options. */
export async function deleteGroup(deps: CatalogDeps, id: string, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const group = await findLiveGroup(tx, id, 'update');
    if (!group) throw AppError.notFound(CatalogText.groupNotFound);
    await softDeleteGroupTree(tx, id, now);
    await recordRowChange(tx, deps.actorId, groupTarget(group), { before: group, after: null });
  });
  deps.cache.invalidate();
}

async function findAdminGroup(deps: CatalogDeps, id: string): Promise<AdminGroup> {
  const group = (await listAdminCatalog(deps)).find((candidate) => candidate._id === id);
  if (!group) throw AppError.notFound(CatalogText.groupNotFound);
  return group;
}

// ---- services

type OfferOutput = ReturnType<typeof offerDataSchema.parse>;

/** Columns of the described, priced part (services, options, templates). */
function toPricedValues(data: Omit<OfferOutput, 'status'>) {
  return {
    titleAdmin: data.title.admin,
    titleUser: data.title.user,
    descriptionAdmin: data.description.admin,
    descriptionUser: data.description.user,
    instruction: data.instruction,
    cost: data.cost,
    designerPrice: data.designerPrice,
    executionTime: data.executionTime,
  };
}

function toOfferValues(data: OfferOutput) {
  return { ...toPricedValues(data), status: data.status };
}

export async function createService(
  deps: CatalogDeps,
  groupId: string,
  data: unknown,
  files: Map<string, Buffer>,
): Promise<AdminService & { list: AdminService[] }> {
  const offer = parseInput(offerDataSchema, data);
  if (!hasAllPictures(files)) throw AppError.badRequest(CatalogText.serviceImagesMissing);
  if (!(await findLiveGroup(deps.db, groupId))) throw AppError.notFound(CatalogText.groupNotFound);
  const pictures = (await storeOfferPictures(deps.storage, files)) as Required<
    Awaited<ReturnType<typeof storeOfferPictures>>
  >;
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertService(tx, { groupId, ...toOfferValues(offer), ...pictures });
    await recordRowChange(tx, deps.actorId, serviceTarget(created), {
      before: null,
      after: { ...created, degreeAction: [] },
    });
    return created;
  });
  deps.cache.invalidate();
  const group = await findAdminGroup(deps, groupId);
  return { ...toAdminService(row, [], []), list: group.list };
}

export async function updateService(
  deps: CatalogDeps,
  id: string,
  data: unknown,
  files: Map<string, Buffer>,
): Promise<AdminService> {
  const service = parseInput(serviceDataSchema, data);
  const existing = await findLiveService(deps.db, id);
  if (!existing) throw AppError.notFound(CatalogText.serviceNotFound);
  const degreeIds = [...new Set(service.degreeAction)];
  await checkServiceDegrees(deps.db, id, degreeIds);
  const pictures = await storeOfferPictures(deps.storage, files);
  await deps.db.transaction(async (tx) => {
    const before = await findLiveService(tx, id, 'update');
    if (!before) throw AppError.notFound(CatalogText.serviceNotFound);
    const degreesBefore = await findServiceDegreeIds(tx, id);
    const values = {
      ...toOfferValues(service),
      ...pictures,
      embedInCanvas: service.embedInCanvas,
      allowMessage: service.allowMessage,
      allowAdditionalImage: service.allowAdditionalImage,
      multi: service.multi,
      multiDegree: service.multiDegree,
    };
    const unchanged = { ...before, degreeAction: degreesBefore };
    if (changesNothing(unchanged, { ...values, degreeAction: degreeIds })) return;
    const after = await updateServiceRow(tx, id, values);
    await replaceServiceDegrees(tx, id, degreeIds);
    await recordRowChange(tx, deps.actorId, serviceTarget(before), {
      before: unchanged,
      after: { ...after, degreeAction: degreeIds },
    });
  });
  deps.cache.invalidate();
  return findAdminService(deps, id);
}

/** Every degree must exist, and the default one stays once the service has any degree. */
async function checkServiceDegrees(db: Database, serviceId: string, degreeIds: string[]): Promise<void> {
  const live = await listLiveDegreeDefaults(db);
  const liveIds = new Set(live.map((degree) => degree.id));
  if (degreeIds.some((degreeId) => !liveIds.has(degreeId)))
    throw AppError.badRequest(CatalogText.degreeUnknown);
  const defaultId = live.find((degree) => degree.isDefault)?.id;
  if (!defaultId || degreeIds.includes(defaultId)) return;
  const hadDefault = (await findServiceDegreeIds(db, serviceId)).includes(defaultId);
  if (hadDefault || degreeIds.length > 0) throw AppError.badRequest(CatalogText.defaultDegreeRemoved);
}

async function findAdminService(deps: CatalogDeps, id: string): Promise<AdminService> {
  for (const group of await listAdminCatalog(deps)) {
    const service = group.list.find((candidate) => candidate._id === id);
    if (service) return service;
  }
  throw AppError.notFound(CatalogText.serviceNotFound);
}

/** Soft-deletes the service and its options; orders that reference them keep their history. */
export async function deleteService(deps: CatalogDeps, id: string, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const service = await findLiveService(tx, id, 'update');
    if (!service) throw AppError.notFound(CatalogText.serviceNotFound);
    await softDeleteServiceTree(tx, id, now);
    await recordRowChange(tx, deps.actorId, serviceTarget(service), { before: service, after: null });
  });
  deps.cache.invalidate();
}

// ---- options

type OptionAnswer = AdminOption & { optional: AdminOption[] };

export async function createOption(
  deps: CatalogDeps,
  serviceId: string,
  data: unknown,
  files: Map<string, Buffer>,
): Promise<OptionAnswer> {
  const offer = parseInput(offerDataSchema, data);
  if (!hasAllPictures(files)) throw AppError.badRequest(CatalogText.optionImagesMissing);
  if (!(await findLiveService(deps.db, serviceId))) throw AppError.notFound(CatalogText.serviceNotFound);
  const pictures = (await storeOfferPictures(deps.storage, files)) as Required<
    Awaited<ReturnType<typeof storeOfferPictures>>
  >;
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertOption(tx, { serviceId, ...toOfferValues(offer), ...pictures });
    await recordRowChange(tx, deps.actorId, optionTarget(created), { before: null, after: created });
    return created;
  });
  deps.cache.invalidate();
  return { ...toAdminOption(row), optional: (await findAdminService(deps, serviceId)).optional };
}

export async function updateOption(
  deps: CatalogDeps,
  id: string,
  data: unknown,
  files: Map<string, Buffer>,
): Promise<OptionAnswer> {
  const offer = parseInput(offerDataSchema, data);
  const existing = await findLiveOption(deps.db, id);
  if (!existing) throw AppError.notFound(CatalogText.optionNotFound);
  const pictures = await storeOfferPictures(deps.storage, files);
  const row = await deps.db.transaction(async (tx) => {
    const before = await findLiveOption(tx, id, 'update');
    if (!before) throw AppError.notFound(CatalogText.optionNotFound);
    const values = { ...toOfferValues(offer), ...pictures };
    if (changesNothing(before, values)) return before;
    const after = await updateOptionRow(tx, id, values);
    await recordRowChange(tx, deps.actorId, optionTarget(before), { before, after });
    return after;
  });
  deps.cache.invalidate();
  return { ...toAdminOption(row), optional: (await findAdminService(deps, existing.serviceId)).optional };
}

export async function deleteOption(deps: CatalogDeps, id: string, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const option = await findLiveOption(tx, id, 'update');
    if (!option) throw AppError.notFound(CatalogText.optionNotFound);
    await softDeleteOption(tx, id, now);
    await recordRowChange(tx, deps.actorId, optionTarget(option), { before: option, after: null });
  });
  deps.cache.invalidate();
}

// ---- option templates (back-office only; not part of the public catalogue)

function toTemplate(row: TemplateRow): OptionTemplate {
  return {
    _id: row.id,
    title: { admin: row.titleAdmin, user: row.titleUser },
    description: { admin: row.descriptionAdmin, user: row.descriptionUser },
    instruction: row.instruction,
    cost: row.cost,
    designerPrice: row.designerPrice,
    executionTime: row.executionTime,
  };
}

/** An option template's body, as its route parsed it. */
export type TemplateInput = z.output<typeof optionTemplateBodySchema>;

const toTemplateValues = (body: TemplateInput) => toPricedValues(body);

export async function listTemplates(db: Database): Promise<OptionTemplate[]> {
  return (await listLiveTemplates(db)).map(toTemplate);
}

async function lockLiveTemplate(tx: Transaction, id: string): Promise<TemplateRow> {
  const row = await lockLiveTemplateRow(tx, id);
  if (!row) throw AppError.notFound(CatalogText.templateNotFound);
  return row;
}

export async function createTemplate(
  db: Database,
  actorId: string,
  body: TemplateInput,
): Promise<OptionTemplate> {
  const values = toTemplateValues(body);
  return db.transaction(async (tx) => {
    const row = await insertTemplate(tx, values);
    await recordRowChange(tx, actorId, templateTarget(row), { before: null, after: row });
    return toTemplate(row);
  });
}

export async function updateTemplate(
  db: Database,
  actorId: string,
  id: string,
  body: TemplateInput,
): Promise<OptionTemplate> {
  const values = toTemplateValues(body);
  return db.transaction(async (tx) => {
    const before = await lockLiveTemplate(tx, id);
    if (changesNothing(before, values)) return toTemplate(before);
    const after = await updateTemplateRow(tx, id, values);
    await recordRowChange(tx, actorId, templateTarget(before), { before, after });
    return toTemplate(after);
  });
}

export async function deleteTemplate(db: Database, actorId: string, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const template = await lockLiveTemplate(tx, id);
    await softDeleteTemplate(tx, id, now);
    await recordRowChange(tx, actorId, templateTarget(template), { before: template, after: null });
  });
}
