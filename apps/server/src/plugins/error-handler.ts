import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServerText } from '@retouch/shared/texts';
import { AppError } from '../lib/app-error';

/** Every failure leaves as JSON `{ message }` with its status; 5xx details stay in the log. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.internal) request.log.warn({ internal: error.internal }, error.message);
      return reply.status(error.statusCode).send({ message: error.message });
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
