import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContentSchema } from '@retouch/shared/http';
import {
  PersonProfileText,
  personProfileInputSchema,
  personProfileListSchema,
  personProfileSchema,
} from '@retouch/shared/person-profiles';
import { uuidParam } from '../../lib/validation';
import { perUserRateLimit } from '../../plugins/user-rate-limit';
import {
  createProfile,
  deleteProfile,
  listProfiles,
  updateProfile,
  type PersonProfilesDeps,
} from './person-profiles.service';

const PATH = '/api/user/person-profiles';

/** A customer's person profiles (issue 23, decision 42): only ever their own. */
export async function personProfilesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: PersonProfilesDeps = { db: app.db, now: () => app.clock.now() };
  const writeLimit = perUserRateLimit(app, app.config.PERSON_PROFILE_RATE_LIMIT_PER_MINUTE, '1 minute');
  // Reading is cheaper than writing: the editor and the profile page both list them.
  const readLimit = perUserRateLimit(app, app.config.PERSON_PROFILE_RATE_LIMIT_PER_MINUTE * 4, '1 minute');
  const profileId = (params: unknown) => uuidParam(params, 'id', PersonProfileText.notFound);

  app.get(
    PATH,
    { config: { ...readLimit, signedIn: true }, schema: { response: { 200: personProfileListSchema } } },
    async (request) => {
      const { userId } = await app.requireIdentity(request);
      return listProfiles(app.db, userId);
    },
  );

  app.post(
    PATH,
    {
      config: { ...writeLimit, signedIn: true },
      schema: { body: personProfileInputSchema, response: { 201: personProfileSchema } },
    },
    async (request, reply) => {
      const { userId } = await app.requireIdentity(request);
      return reply.status(201).send(await createProfile(deps, userId, request.body));
    },
  );

  app.put(
    `${PATH}/:id`,
    {
      config: { ...writeLimit, signedIn: true },
      schema: { body: personProfileInputSchema, response: { 200: personProfileSchema } },
    },
    async (request) => {
      const { userId } = await app.requireIdentity(request);
      return updateProfile(deps, userId, profileId(request.params), request.body);
    },
  );

  app.delete(
    `${PATH}/:id`,
    { config: { ...writeLimit, signedIn: true }, schema: { response: { 204: noContentSchema } } },
    async (request, reply) => {
      const { userId } = await app.requireIdentity(request);
      await deleteProfile(deps, userId, profileId(request.params));
      return reply.status(204).send(undefined);
    },
  );
}
