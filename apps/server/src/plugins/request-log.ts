import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Answers nobody reads in the log at the default level: the probes and the scrape. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** The path of a request URL, without its query (which may carry a token). */
const pathOf = (url: string) => {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
};

/** A probe, the scrape, or a file of the web app (a GET or HEAD outside /api that was found). */
function isQuiet(request: FastifyRequest, path: string, status: number): boolean {
  if (PROBES.has(path)) return true;
  const read = request.method === 'GET' || request.method === 'HEAD';
  return read && status < 400 && !path.startsWith('/api/') && path !== '/api';
}

/**
 * Fastify's request lines, one a request instead of two (received, completed), written when it is
 * answered: method, path without the query, status, time and, as on every line of the request, its id.
 * Probes, metrics and the web app's files are logged at debug only; an answer that failed to be written
 * at error, with its error.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // The answer's line says it all.
  }

  override routeNotFound(): void {
    // The not-found handler answers 404, and the answer's line names the path.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const path = pathOf(request.url);
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = { request: { method: request.method, path, status, ms } };
    const message = `${request.method} ${path} ${status} ${ms} ms`;
    if (error) reply.log.error({ ...line, err: error }, message);
    else if (isQuiet(request, path, status)) reply.log.debug(line, message);
    else reply.log.info(line, message);
  }
}
