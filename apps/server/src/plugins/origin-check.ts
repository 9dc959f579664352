import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServerText } from '@retouch/shared/texts';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';
import { foreignRequestCheck } from '../lib/foreign-request';

/** Methods that never change anything, so a page of any site may send them. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** socket.io's `allowRequest`: a handshake from another site's page gets no connection. */
export function sameSiteHandshake(config: Config) {
  const isForeign = foreignRequestCheck(config);
  return (
    request: IncomingMessage,
    callback: (error: string | null | undefined, success: boolean) => void,
  ) => {
    const foreign = isForeign(request);
    callback(foreign ? ServerText.crossSiteRefused : null, !foreign);
  };
}

/**
 * SameSite=Lax cookies are not the only guard against cross-site requests: any call that may change
 * something (POST, PATCH, PUT, DELETE) is refused when a browser marks it as sent by another site's page.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance) => {
  const isForeign = foreignRequestCheck(app.config);
  app.addHook('onRequest', async (request) => {
    // Every changing route lives under /api; checking them all leaves no path spelling to slip through.
    if (READ_METHODS.has(request.method)) return;
    if (isForeign(request.raw)) throw AppError.forbidden(ServerText.crossSiteRefused);
  });
});
