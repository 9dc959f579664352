import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CatalogNotice, CatalogText } from '@retouch/shared/catalog';
import { PermissionSign } from '@retouch/shared/permissions';
import { formCap, jsonField, readMultipart } from '../../lib/multipart';
import { uuidParam } from '../../lib/validation';
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

export async function catalogRoutes(app: FastifyInstance) {
  /** The staff member making a change, whom the audit log names. */
  const actor = async (request: FastifyRequest) => (await app.requireIdentity(request)).userId;
  const deps = async (request: FastifyRequest): Promise<CatalogDeps> => ({
    db: app.db,
    storage: app.storage,
    cache: app.catalogCache,
    actorId: await actor(request),
  });
  const now = () => app.clock.now();
  const editServices = { config: { permission: PermissionSign.editServices } };

  app.get('/api/services', async (request, reply) => {
    const { body, etag } = await app.catalogCache.get();
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  // A designer's screens name the catalogue in Russian: its titles alone, without editServices.
  app.get('/api/admin/services/titles', { config: { permission: PermissionSign.cabinetDesigner } }, () =>
    listCatalogTitles(app.db),
  );

  app.get('/api/admin/services', editServices, async (request) => listAdminCatalog(await deps(request)));

  // Groups
  app.post('/api/admin/services/group', editServices, async (request, reply) =>
    reply.status(201).send(await createGroup(await deps(request), request.body)),
  );
  app.patch('/api/admin/services/group/:id', editServices, async (request) =>
    updateGroup(
      await deps(request),
      uuidParam(request.params, 'id', CatalogText.groupNotFound),
      request.body,
    ),
  );
  app.delete('/api/admin/services/group/:id', editServices, async (request) => {
    await deleteGroup(await deps(request), uuidParam(request.params, 'id', CatalogText.groupNotFound), now());
    return deleted;
  });

  // Services
  app.post('/api/admin/services/list/:groupId', editServices, async (request, reply) => {
    const groupId = uuidParam(request.params, 'groupId', CatalogText.groupNotFound);
    const form = await readMultipart(request, OFFER_FORM);
    return reply
      .status(201)
      .send(await createService(await deps(request), groupId, jsonField(form, 'data'), form.files));
  });
  app.patch('/api/admin/services/list/:id', editServices, async (request) => {
    const id = uuidParam(request.params, 'id', CatalogText.serviceNotFound);
    const form = await readMultipart(request, OFFER_FORM);
    return updateService(await deps(request), id, jsonField(form, 'data'), form.files);
  });
  app.delete('/api/admin/services/list/:id', editServices, async (request) => {
    await deleteService(
      await deps(request),
      uuidParam(request.params, 'id', CatalogText.serviceNotFound),
      now(),
    );
    return deleted;
  });

  // Options
  app.post('/api/admin/services/optional/:id', editServices, async (request, reply) => {
    const serviceId = uuidParam(request.params, 'id', CatalogText.serviceNotFound);
    const form = await readMultipart(request, OFFER_FORM);
    return reply
      .status(201)
      .send(await createOption(await deps(request), serviceId, jsonField(form, 'data'), form.files));
  });
  app.patch('/api/admin/services/optional/:id', editServices, async (request) => {
    const id = uuidParam(request.params, 'id', CatalogText.optionNotFound);
    const form = await readMultipart(request, OFFER_FORM);
    return updateOption(await deps(request), id, jsonField(form, 'data'), form.files);
  });
  app.delete('/api/admin/services/optional/:id', editServices, async (request) => {
    await deleteOption(
      await deps(request),
      uuidParam(request.params, 'id', CatalogText.optionNotFound),
      now(),
    );
    return deleted;
  });

  // Option templates
  app.get('/api/admin/services/optional-template', editServices, () => listTemplates(app.db));
  app.post('/api/admin/services/optional-template', editServices, async (request, reply) =>
    reply.status(201).send(await createTemplate(app.db, await actor(request), request.body)),
  );
  app.patch('/api/admin/services/optional-template/:id', editServices, async (request) =>
    updateTemplate(
      app.db,
      await actor(request),
      uuidParam(request.params, 'id', CatalogText.templateNotFound),
      request.body,
    ),
  );
  app.delete('/api/admin/services/optional-template/:id', editServices, async (request) => {
    await deleteTemplate(
      app.db,
      await actor(request),
      uuidParam(request.params, 'id', CatalogText.templateNotFound),
      now(),
    );
    return deleted;
  });

  // Degrees of action
  app.get('/api/admin/services/degree', editServices, () => listDegrees(app.db));
  app.post('/api/admin/services/degree', editServices, async (request, reply) => {
    const degree = await createDegree(app.db, await actor(request), request.body);
    app.catalogCache.invalidate();
    return reply.status(201).send(degree);
  });
  app.patch('/api/admin/services/degree/:id', editServices, async (request) => {
    const list = await updateDegree(
      app.db,
      await actor(request),
      uuidParam(request.params, 'id', CatalogText.degreeNotFound),
      request.body,
    );
    app.catalogCache.invalidate();
    return list;
  });
  app.delete('/api/admin/services/degree/:id', editServices, async (request) => {
    await deleteDegree(
      app.db,
      await actor(request),
      uuidParam(request.params, 'id', CatalogText.degreeNotFound),
      now(),
    );
    app.catalogCache.invalidate();
    return deleted;
  });

  // Refusal reasons
  app.get('/api/orders/reason', () => listReasons(app.db));
  app.post('/api/admin/orders/reason', editServices, async (request, reply) =>
    reply.status(201).send(await createReason(app.db, await actor(request), request.body)),
  );
  app.patch('/api/admin/orders/reason/:id', editServices, async (request) =>
    updateReason(
      app.db,
      await actor(request),
      uuidParam(request.params, 'id', CatalogText.reasonNotFound),
      request.body,
    ),
  );
  app.delete('/api/admin/orders/reason/:id', editServices, async (request) => {
    await deleteReason(
      app.db,
      await actor(request),
      uuidParam(request.params, 'id', CatalogText.reasonNotFound),
      now(),
    );
    return deleted;
  });
}
