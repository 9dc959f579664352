import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServerText } from '@retouch/shared/texts';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';

/** Methods that never change anything, so a page of any site may send them. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `Sec-Fetch-Site` values a browser sets for requests another site's page made. */
const FOREIGN_FETCH_SITES = new Set(['cross-site', 'same-site']);

/**
 * Tells whether a browser says the request comes from another site's page. `Sec-Fetch-Site`, which only
 * a browser sets and no page can forge, decides when present: cross-site or same-site is foreign. Without
 * it (older browsers), an `Origin` that is neither the public address nor the address the request was
 * sent to is foreign, `null` included. `Origin` alone is not trusted over `Sec-Fetch-Site`: Chromium sends
 * `Origin: null` for a form our own page posts when that page's Referrer-Policy is no-referrer (helmet's
 * default). A request with neither header (webhooks, the mobile app, curl) is not foreign.
 */
function foreignRequestCheck(config: Pick<Config, 'PUBLIC_URL' | 'TRUST_PROXY'>) {
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  return (request: IncomingMessage): boolean => {
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string') return FOREIGN_FETCH_SITES.has(fetchSite.toLowerCase());
    const origin = request.headers.origin;
    if (origin === undefined) return false;
    return origin !== publicOrigin && origin !== ownOrigin(request, config.TRUST_PROXY);
  };
}

/** The origin the request was addressed to: scheme and Host, as a proxy we trust forwarded them. */
function ownOrigin(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = (name: string) =>
    trustProxy ? (request.headers[name] as string | undefined)?.split(',')[0]?.trim() : undefined;
  const protocol =
    forwarded('x-forwarded-proto') ?? ((request.socket as TLSSocket).encrypted ? 'https' : 'http');
  const host = forwarded('x-forwarded-host') ?? request.headers.host;
  return `${protocol}://${host}`;
}

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
