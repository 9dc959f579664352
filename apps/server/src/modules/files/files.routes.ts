import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { isSafeStorageKey } from '../../storage/storage';
import { fileAudience, mayReadFile, type FileAudience } from './files.service';

/**
 * Serves stored pictures (never from a public bucket): streamed through the API, or, with
 * S3_SIGNED_URLS, by a redirect to a short-lived presigned URL. Whoever may not read a file gets
 * 404 as if it did not exist. Catalogue pictures are always streamed: the editor draws them on a
 * canvas, which a cross-origin picture would taint.
 */
export async function filesRoutes(app: FastifyInstance) {
  const { S3_SIGNED_URLS, S3_SIGNED_URL_TTL_SECONDS } = app.config;

  app.get('/api/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isSafeStorageKey(key)) throw AppError.notFound();
    const audience = fileAudience(key);
    const identity = audience.kind === 'everyone' ? null : await app.loadIdentity(request);
    const permissionsOf = async (userId: string) => (await app.accessOf(userId))?.permissions ?? [];
    if (!(await mayReadFile(app.db, audience, identity?.userId ?? null, permissionsOf)))
      throw AppError.notFound();

    if (S3_SIGNED_URLS && app.storage.signedUrl && audience.kind !== 'everyone') {
      const url = await app.storage.signedUrl(key, S3_SIGNED_URL_TTL_SECONDS);
      // The access check runs again on every load; the picture itself is cached by its stable URL.
      return reply.header('cache-control', 'private, no-store').redirect(url, 302);
    }
    const file = await app.storage.read(key);
    if (!file) throw AppError.notFound();
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('cache-control', cacheControlFor(audience))
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  });
}

/** Catalogue pictures and avatars may be cached; an order's pictures never stay in a cache. */
function cacheControlFor(audience: FileAudience): string {
  if (audience.kind === 'everyone') return 'public, max-age=86400';
  if (audience.kind === 'signedIn') return 'private, max-age=86400';
  return 'private, no-store';
}
