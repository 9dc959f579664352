import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Config } from '../config';

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
export function foreignRequestCheck(config: Pick<Config, 'PUBLIC_URL' | 'TRUST_PROXY'>) {
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
