import type { FastifyInstance } from 'fastify';
import type { SiteInfo } from '@retouch/shared/site';

/** `GET /api/site`: the footer's and the policies' contacts, read from the configuration. */
export async function siteRoutes(app: FastifyInstance) {
  app.get('/api/site', async (): Promise<SiteInfo> => ({
    supportEmail: app.config.SUPPORT_EMAIL,
    companyAddress: app.config.COMPANY_ADDRESS,
  }));
}
