import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';

/** Serves stored pictures through the API (never a public bucket). */
export async function filesRoutes(app: FastifyInstance) {
  app.get('/api/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = await app.storage.read(key);
    if (!file) throw AppError.notFound();
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  });
}
