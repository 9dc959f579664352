import { createAvatar } from '@dicebear/core';
import { initials } from '@dicebear/collection';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GENERATED_AVATAR_MARKER, MAX_AVATAR_BYTES } from '@retouch/shared/constants';
import { ServerText } from '@retouch/shared/texts';
import {
  changeInfoAnswerSchema,
  changeInfoDataSchema,
  changePasswordSchema,
  messageSchema,
  userInfoSchema,
} from '@retouch/shared/users';
import { AppError } from '../../lib/app-error';
import { formCap, jsonField, readMultipart } from '../../lib/multipart';
import { parseInput } from '../../lib/validation';
import { compiledAnswer } from '../../plugins/route-schemas';
import { perUserRateLimit } from '../../plugins/user-rate-limit';
import { findUserById } from './users.repository';
import { changePassword, changeProfile, loadUserInfo, type UsersDeps } from './users.service';

const avatarParams = z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.svg$/) });

export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): UsersDeps => ({ db: app.db, clock: app.clock, storage: app.storage });

  // A hot route: written by a compiled serializer (decision 38).
  const userInfo = { response: { 200: compiledAnswer(userInfoSchema) } };
  app.get('/api/user/info', { schema: userInfo }, async (request) => {
    const { userId } = await app.requireIdentity(request);
    return loadUserInfo(app.db, userId, app.accessOf);
  });

  const passwordChangeLimit = {
    config: perUserRateLimit(app, app.config.PASSWORD_CHANGE_RATE_LIMIT_PER_15_MINUTES, '15 minutes'),
  };

  app.patch(
    '/api/user/change/password',
    {
      config: { ...passwordChangeLimit.config, signedIn: true },
      schema: { body: changePasswordSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const identity = await app.requireIdentity(request);
      const { body } = request;
      const { endedSessionIds } = await changePassword(deps(), identity, body.oldPassword, body.password);
      // The ended sessions' open sockets go too: a stolen session must not keep listening.
      await app.endSessions(identity.userId, endedSessionIds);
      return { message: ServerText.passwordChanged };
    },
  );

  app.patch(
    '/api/user/change/info',
    {
      config: { multipart: { data: changeInfoDataSchema, files: ['image'] } },
      schema: { response: { 200: changeInfoAnswerSchema } },
    },
    async (request) => {
      const { userId } = await app.requireIdentity(request);
      const form = await readMultipart(request, {
        maxBytes: formCap(1, MAX_AVATAR_BYTES),
        maxFileBytes: MAX_AVATAR_BYTES,
        // A bad `data` sent ahead of the picture (as the web app sends it) is refused before it is read.
        onField: (name, fields) =>
          name === 'data' && parseInput(changeInfoDataSchema, jsonField(fields, 'data')),
      });
      const data = parseInput(changeInfoDataSchema, jsonField(form, 'data'));
      await changeProfile(deps(), userId, data.name, form.files.get('image'));
      const user = await loadUserInfo(app.db, userId, app.accessOf);
      return { ...user, message: ServerText.profileUpdated };
    },
  );

  app.get(`/api/avatars/${GENERATED_AVATAR_MARKER}/:file`, async (request, reply) => {
    const parsed = avatarParams.safeParse(request.params);
    const user = parsed.success ? await findUserById(app.db, parsed.data.file.slice(0, 36)) : undefined;
    if (!user) throw AppError.notFound();
    const svg = createAvatar(initials, { seed: `${user.giveName} ${user.familyName}` }).toString();
    return reply.type('image/svg+xml').header('cache-control', 'private, max-age=300').send(svg);
  });
}
