import type { z } from 'zod';
import { confirmEmailQuerySchema } from '@retouch/shared/auth';
import { offerDataSchema, serviceDataSchema } from '@retouch/shared/catalog';

import { orderSubmitSchema } from '@retouch/shared/orders';
import { sandboxConfirmSchema } from '@retouch/shared/payments';
import { reviewRejectionSchema } from '@retouch/shared/review';
import { changeInfoDataSchema } from '@retouch/shared/users';

/**
 * What a route not converted to its own schemas yet parses with `parseInput`, for its OpenAPI operation,
 * and the multipart forms (their `data` part) of every route.
 */
export interface RouteDoc {
  /** JSON request body. */
  body?: z.ZodType;
  /** Query string, an object schema. */
  query?: z.ZodType;
  /** multipart/form-data: a JSON part `data` and file parts. */
  multipart?: { data?: z.ZodType; files: readonly string[] };
  /** Takes an optional Idempotency-Key header: a repeated send gets the first one's answer. */
  idempotent?: true;
}

const CATALOG_PICTURES = ['image', 'before', 'after'] as const;

/**
 * The shared schema each route parses, by `METHOD /pattern` exactly as registered. A route missing here
 * is still documented (path, parameters, answers); an entry naming no registered route fails the build.
 */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/email/confirm': { query: confirmEmailQuerySchema },
  'PATCH /api/user/change/info': { multipart: { data: changeInfoDataSchema, files: ['image'] } },

  'POST /api/orders/create': {
    multipart: { data: orderSubmitSchema, files: ['original', 'draft', 'additional'] },
    idempotent: true,
  },
  'POST /api/orders/order/:id/tip': { idempotent: true },
  'POST /api/orders/refusal/:id': { idempotent: true },
  'POST /api/product/:id/buy': { idempotent: true },
  'POST /api/payment/sandbox/confirm': { body: sandboxConfirmSchema },

  'POST /api/admin/services/list/:groupId': { multipart: { data: offerDataSchema, files: CATALOG_PICTURES } },
  'PATCH /api/admin/services/list/:id': { multipart: { data: serviceDataSchema, files: CATALOG_PICTURES } },
  'POST /api/admin/services/optional/:id': { multipart: { data: offerDataSchema, files: CATALOG_PICTURES } },
  'PATCH /api/admin/services/optional/:id': { multipart: { data: offerDataSchema, files: CATALOG_PICTURES } },

  'POST /api/admin/orders/executor/completed': { multipart: { files: ['image'] } },
  'POST /api/admin/orders/review/completed/rejection': {
    multipart: { data: reviewRejectionSchema, files: ['image'] },
  },
  // No input: listed so that the table names every back-office route (a missing registration fails the build).
  'GET /api/admin/dashboard': {},
};
