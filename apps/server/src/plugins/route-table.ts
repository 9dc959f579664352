import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PermissionSignValue } from '@retouch/shared/permissions';

/** One method of one /api route as registered; staff routes carry their permission sign. */
export interface ApiRoute {
  method: string;
  url: string;
  permission?: PermissionSignValue;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route (HEAD aside), in registration order, so that tests can prove each one. */
    apiRoutes: ApiRoute[];
  }
}

/** Records the route table; registered before every other plugin so that no /api route escapes it. */
export const routeTablePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        app.apiRoutes.push({ method, url: route.url, permission: route.config?.permission });
    }
  });
});
