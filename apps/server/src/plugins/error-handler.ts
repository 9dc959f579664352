import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/errors';
import { refusalMessageFor, serverTextFor } from '../lib/answer-language';
import { AppError } from '../lib/app-error';

/** Seconds a client is asked to wait while the database is out of reach. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Fastify's option `frameworkErrors`: what it refuses before any route (a malformed URL) is answered
 * like every other failure, in the language of the side that asked.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if ((error.statusCode ?? 500) >= 500) {
    request.log.error(error);
    reply.status(500).send({ message: serverTextFor(request).internalError });
    return;
  }
  reply.status(error.statusCode!).send({ message: refusalMessageFor(request, error) });
}

/**
 * Every failure leaves as JSON `{ message }` with its status; 5xx details stay in the log. A database
 * out of reach is 503 (retry later), not 500: the transaction it interrupted wrote nothing. Messages
 * are Russian to the back office, English to the customer side (`lib/answer-language`).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const texts = serverTextFor(request);
    if (error instanceof AppError) {
      if (error.internal) request.log.warn({ internal: error.internal }, error.message);
      return reply.status(error.statusCode).send({ message: refusalMessageFor(request, error) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: texts.serviceUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(500).send({ message: texts.internalError });
    }
    if (status === 429) return reply.status(429).send({ message: texts.tooManyRequests });
    const message = error.validation ? texts.invalidRequest : refusalMessageFor(request, error);
    return reply.status(status).send({ message });
  });
});
