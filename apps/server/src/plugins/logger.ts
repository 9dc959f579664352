import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** What a secret's value becomes in the log. */
const REDACTED = '[redacted]';

/** Query parameters that carry a secret: links' tokens, the Android hook's HMAC, OAuth's code and state. */
const SECRET_PARAMETERS = new Set(['token', 'hash', 'code', 'state', 'id_token']);
const SECRET_NAME_PARTS = /token|secret|password/i;

function isSecretParameter(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: judge the name as written.
  }
  return SECRET_PARAMETERS.has(decoded.toLowerCase()) || SECRET_NAME_PARTS.test(decoded);
}

/** The URL with the value of every secret query parameter replaced by REDACTED; the rest kept as sent. */
function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const pairs = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && isSecretParameter(name) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, queryStart)}?${pairs.join('&')}`;
}

/** Fastify's request serializer, with the URL redacted (the headers are not logged at all). */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/** The Fastify logger: pino, JSON in production, pretty lines otherwise; a given stream takes every line. */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: { req: serializeRequest },
    ...(stream
      ? { stream }
      : config.isProduction
        ? {}
        : { transport: { target: 'pino-pretty', options: { singleLine: true } } }),
  };
}
