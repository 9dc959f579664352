import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CatalogNotice,
  CatalogText,
  adminGroupSchema,
  adminOptionSchema,
  adminServiceSchema,
  catalogTitlesSchema,
  degreeBodySchema,
  degreeCreateBodySchema,
  degreeSchema,
  deletedAnswerSchema,
  groupBodySchema,
  groupUpdateBodySchema,
  optionTemplateBodySchema,
  optionTemplateSchema,
  reasonBodySchema,
  reasonCreateBodySchema,
  refusalReasonSchema,
  offerDataSchema,
  publicCatalogSchema,
  serviceDataSchema,
} from '@retouch/shared/catalog';
import { noContentSchema } from '@retouch/shared/http';
import { PermissionSign } from '@retouch/shared/permissions';
import { formCap, jsonField, readMultipart } from '../../lib/multipart';
import { uuidParam } from '../../lib/validation';
import { sendJsonText } from '../../plugins/route-schemas';
import {
  createGroup,
  createOption,
  createService,
  createTemplate,
  deleteGroup,
  deleteOption,
  deleteService,
  deleteTemplate,
  listAdminCatalog,
  listCatalogTitles,
  listTemplates,
  updateGroup,
  updateOption,
  updateService,
  updateTemplate,
  type CatalogDeps,
} from './catalog.service';
import { createDegree, deleteDegree, listDegrees, updateDegree } from './degrees.service';
import { createReason, deleteReason, listReasons, updateReason } from './reasons.service';

const deleted = { message: CatalogNotice.deleted };
/** A service's or an option's form: its picture, before and after images. */
const OFFER_FORM = { maxBytes: formCap(3) };
/** The picture parts of an offer form. */
const CATALOG_PICTURES = ['image', 'before', 'after'] as const;

/** The answers of the catalogue's calls. */
const answers = {
  deleted: { response: { 200: deletedAnswerSchema } },
  group: { response: { 200: adminGroupSchema, 201: adminGroupSchema } },
  service: { response: { 200: adminServiceSchema } },
  createdService: { response: { 201: adminServiceSchema.extend({ list: z.array(adminServiceSchema) }) } },
  option: {
    response: {
      200: adminOptionSchema.extend({ optional: z.array(adminOptionSchema) }),
      201: adminOptionSchema.extend({ optional: z.array(adminOptionSchema) }),
    },
  },
  template: { response: { 200: optionTemplateSchema, 201: optionTemplateSchema } },
  degree: { response: { 201: degreeSchema } },
  degrees: { response: { 200: z.array(degreeSchema) } },
  reason: { response: { 200: refusalReasonSchema, 201: refusalReasonSchema } },
};

export async function catalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** The staff member making a change, whom the audit log names. */
  const actor = async (request: FastifyRequest) => (await app.requireIdentity(request)).userId;
  const deps = async (request: FastifyRequest): Promise<CatalogDeps> => ({
    db: app.db,
    storage: app.storage,
    cache: app.catalogCache,
    actorId: await actor(request),
  });
  const now = () => app.clock.now();
  const editServices = { permission: PermissionSign.editServices };
  // The offer forms: their `data` part and pictures (parsed by the service as the parts arrive).
  const offerForm = { data: offerDataSchema, files: CATALOG_PICTURES };
  const serviceForm = { data: serviceDataSchema, files: CATALOG_PICTURES };

  const publicCatalog = { response: { 200: publicCatalogSchema, 304: noContentSchema } };
  // Documented by its schema; the cache's text is sent as it is, written once per change of the catalogue.
  app.get('/api/services', { schema: publicCatalog }, async (request, reply) => {
    const { body, etag } = await app.catalogCache.get();
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send(undefined);
    return sendJsonText(reply, body);
  });

  // A designer's screens name the catalogue in Russian: its titles alone, without editServices.
  app.get(
    '/api/admin/services/titles',
    {
      config: { permission: PermissionSign.cabinetDesigner },
      schema: { response: { 200: catalogTitlesSchema } },
    },
    () => listCatalogTitles(app.db),
  );

  app.get(
    '/api/admin/services',
    { config: editServices, schema: { response: { 200: z.array(adminGroupSchema) } } },
    async (request) => listAdminCatalog(await deps(request)),
  );

  // Groups
  app.post(
    '/api/admin/services/group',
    { config: editServices, schema: { body: groupBodySchema, ...answers.group } },
    async (request, reply) => reply.status(201).send(await createGroup(await deps(request), request.body)),
  );
  app.patch(
    '/api/admin/services/group/:id',
    { config: editServices, schema: { body: groupUpdateBodySchema, ...answers.group } },
    async (request) =>
      updateGroup(
        await deps(request),
        uuidParam(request.params, 'id', CatalogText.groupNotFound),
        request.body,
      ),
  );
  app.delete(
    '/api/admin/services/group/:id',
    { config: editServices, schema: answers.deleted },
    async (request) => {
      await deleteGroup(
        await deps(request),
        uuidParam(request.params, 'id', CatalogText.groupNotFound),
        now(),
      );
      return deleted;
    },
  );

  // Services
  app.post(
    '/api/admin/services/list/:groupId',
    { config: { ...editServices, multipart: offerForm }, schema: answers.createdService },
    async (request, reply) => {
      const groupId = uuidParam(request.params, 'groupId', CatalogText.groupNotFound);
      const form = await readMultipart(request, OFFER_FORM);
      return reply
        .status(201)
        .send(await createService(await deps(request), groupId, jsonField(form, 'data'), form.files));
    },
  );
  app.patch(
    '/api/admin/services/list/:id',
    { config: { ...editServices, multipart: serviceForm }, schema: answers.service },
    async (request) => {
      const id = uuidParam(request.params, 'id', CatalogText.serviceNotFound);
      const form = await readMultipart(request, OFFER_FORM);
      return updateService(await deps(request), id, jsonField(form, 'data'), form.files);
    },
  );
  app.delete(
    '/api/admin/services/list/:id',
    { config: editServices, schema: answers.deleted },
    async (request) => {
      await deleteService(
        await deps(request),
        uuidParam(request.params, 'id', CatalogText.serviceNotFound),
        now(),
      );
      return deleted;
    },
  );

  // Options
  app.post(
    '/api/admin/services/optional/:id',
    { config: { ...editServices, multipart: offerForm }, schema: answers.option },
    async (request, reply) => {
      const serviceId = uuidParam(request.params, 'id', CatalogText.serviceNotFound);
      const form = await readMultipart(request, OFFER_FORM);
      return reply
        .status(201)
        .send(await createOption(await deps(request), serviceId, jsonField(form, 'data'), form.files));
    },
  );
  app.patch(
    '/api/admin/services/optional/:id',
    { config: { ...editServices, multipart: offerForm }, schema: answers.option },
    async (request) => {
      const id = uuidParam(request.params, 'id', CatalogText.optionNotFound);
      const form = await readMultipart(request, OFFER_FORM);
      return updateOption(await deps(request), id, jsonField(form, 'data'), form.files);
    },
  );
  app.delete(
    '/api/admin/services/optional/:id',
    { config: editServices, schema: answers.deleted },
    async (request) => {
      await deleteOption(
        await deps(request),
        uuidParam(request.params, 'id', CatalogText.optionNotFound),
        now(),
      );
      return deleted;
    },
  );

  // Option templates
  app.get(
    '/api/admin/services/optional-template',
    { config: editServices, schema: { response: { 200: z.array(optionTemplateSchema) } } },
    () => listTemplates(app.db),
  );
  app.post(
    '/api/admin/services/optional-template',
    { config: editServices, schema: { body: optionTemplateBodySchema, ...answers.template } },
    async (request, reply) =>
      reply.status(201).send(await createTemplate(app.db, await actor(request), request.body)),
  );
  app.patch(
    '/api/admin/services/optional-template/:id',
    { config: editServices, schema: { body: optionTemplateBodySchema, ...answers.template } },
    async (request) =>
      updateTemplate(
        app.db,
        await actor(request),
        uuidParam(request.params, 'id', CatalogText.templateNotFound),
        request.body,
      ),
  );
  app.delete(
    '/api/admin/services/optional-template/:id',
    { config: editServices, schema: answers.deleted },
    async (request) => {
      const id = uuidParam(request.params, 'id', CatalogText.templateNotFound);
      await deleteTemplate(app.db, await actor(request), id, now());
      return deleted;
    },
  );

  // Degrees of action
  app.get('/api/admin/services/degree', { config: editServices, schema: answers.degrees }, () =>
    listDegrees(app.db),
  );
  app.post(
    '/api/admin/services/degree',
    { config: editServices, schema: { body: degreeCreateBodySchema, ...answers.degree } },
    async (request, reply) => {
      const degree = await createDegree(app.db, await actor(request), request.body);
      app.catalogCache.invalidate();
      return reply.status(201).send(degree);
    },
  );
  app.patch(
    '/api/admin/services/degree/:id',
    { config: editServices, schema: { body: degreeBodySchema, ...answers.degrees } },
    async (request) => {
      const id = uuidParam(request.params, 'id', CatalogText.degreeNotFound);
      const list = await updateDegree(app.db, await actor(request), id, request.body);
      app.catalogCache.invalidate();
      return list;
    },
  );
  app.delete(
    '/api/admin/services/degree/:id',
    { config: editServices, schema: answers.deleted },
    async (request) => {
      const id = uuidParam(request.params, 'id', CatalogText.degreeNotFound);
      await deleteDegree(app.db, await actor(request), id, now());
      app.catalogCache.invalidate();
      return deleted;
    },
  );

  // Refusal reasons
  app.get('/api/orders/reason', { schema: { response: { 200: z.array(refusalReasonSchema) } } }, () =>
    listReasons(app.db),
  );
  app.post(
    '/api/admin/orders/reason',
    { config: editServices, schema: { body: reasonCreateBodySchema, ...answers.reason } },
    async (request, reply) =>
      reply.status(201).send(await createReason(app.db, await actor(request), request.body)),
  );
  app.patch(
    '/api/admin/orders/reason/:id',
    { config: editServices, schema: { body: reasonBodySchema, ...answers.reason } },
    async (request) =>
      updateReason(
        app.db,
        await actor(request),
        uuidParam(request.params, 'id', CatalogText.reasonNotFound),
        request.body,
      ),
  );
  app.delete(
    '/api/admin/orders/reason/:id',
    { config: editServices, schema: answers.deleted },
    async (request) => {
      const id = uuidParam(request.params, 'id', CatalogText.reasonNotFound);
      await deleteReason(app.db, await actor(request), id, now());
      return deleted;
    },
  );
}
