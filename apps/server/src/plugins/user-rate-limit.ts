import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A route's rate limit (its `config`) counted per signed-in account rather than per address: one account
 * cannot repeat the action without end from many addresses, and customers sharing an address do not share
 * a budget. Visitors count per address (the route refuses them anyway). The count runs before the body is
 * read; the identity it loads is cached on the request, so the handler does not look it up again.
 */
export function perUserRateLimit(app: FastifyInstance, max: number, timeWindow: string) {
  return {
    rateLimit: {
      max,
      timeWindow,
      keyGenerator: async (request: FastifyRequest) => {
        const identity = await app.loadIdentity(request);
        return identity ? `user:${identity.userId}` : `address:${request.ip}`;
      },
    },
  };
}
