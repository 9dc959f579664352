import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FeedbackText, feedbackAnswerSchema, feedbackBodySchema } from '@retouch/shared/site';
import { submitFeedback } from './feedback.service';
import { siteRoutes } from './site.routes';

/** The contact form (customer side sections 2, 5, 7) and the public site's contacts. */
export async function feedbackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const feedbackRateLimit = {
    rateLimit: { max: app.config.FEEDBACK_RATE_LIMIT_PER_HOUR, timeWindow: '1 hour' },
  };

  app.post(
    '/api/feedback',
    {
      config: feedbackRateLimit,
      schema: { body: feedbackBodySchema, response: { 200: feedbackAnswerSchema } },
    },
    async (request) => {
      const body = request.body;
      const identity = await app.loadIdentity(request);
      await submitFeedback(
        { db: app.db, mailer: app.mailer, log: request.log, supportEmail: app.config.SUPPORT_EMAIL },
        { ...body, userId: identity?.userId ?? null },
      );
      return { message: FeedbackText.sent };
    },
  );

  await app.register(siteRoutes);
}
