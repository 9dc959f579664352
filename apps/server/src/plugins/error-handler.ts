import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServerText } from '@retouch/shared/texts';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError } from '../lib/app-error';

/** Seconds a client is asked to wait while the database is out of reach. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Every failure leaves as JSON `{ message }` with its status; 5xx details stay in the log. A database
 * out of reach is 503 (retry later), not 500: the transaction it interrupted wrote nothing.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.internal) request.log.warn({ internal: error.internal }, error.message);
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: ServerText.serviceUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(500).send({ message: ServerText.internalError });
    }
    if (status === 429) return reply.status(429).send({ message: ServerText.tooManyRequests });
    const message = error.validation ? ServerText.invalidRequest : error.message || ServerText.invalidRequest;
    return reply.status(status).send({ message });
  });
});
