import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServerText } from '@retouch/shared/texts';
import { AppError } from '../lib/app-error';
import { jsonNestsDeeperThan } from '../lib/json-limits';

/**
 * JSON bodies nested deeper than MAX_JSON_DEPTH are refused with 400 before they are parsed; the rest go
 * to Fastify's own parser, which keeps refusing `__proto__` and `constructor` poisoning. Registered
 * before every route, so that each one reads its body through it.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseSecurely = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string)) {
      done(AppError.badRequest(ServerText.jsonTooDeep), undefined);
      return;
    }
    return parseSecurely(request, body as string, done);
  });
});
