import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteInfoSchema } from '@retouch/shared/site';

/** `GET /api/site`: the footer's and the policies' contacts, read from the configuration. */
export async function siteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/site', { schema: { response: { 200: siteInfoSchema } } }, async () => ({
    supportEmail: app.config.SUPPORT_EMAIL,
    companyAddress: app.config.COMPANY_ADDRESS,
  }));
}
