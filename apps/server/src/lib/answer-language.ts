import type { FastifyError, FastifyRequest } from 'fastify';
import { AdminOrderEntryText, OrderEntryText } from '@retouch/shared/order-entries';
import { AdminServerText, ServerText } from '@retouch/shared/texts';
import { AppError } from './app-error';

/**
 * The back office's calls: its screens, analytics and the designer's shift. Its interface is in
 * Russian (back office section 1), so is every message the server answers them; the customer side
 * reads English.
 */
const BACK_OFFICE_PREFIXES = ['/api/admin', '/api/analytics', '/api/executor'] as const;

/** Whether the request is a back-office call (its route, or its path when no route matched). */
function isBackOfficeRequest(request: FastifyRequest): boolean {
  const path = (request.routeOptions.url ?? request.url).split('?')[0]!;
  return BACK_OFFICE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

function pairsOf<K extends string>(english: Record<K, string>, russian: Record<K, string>) {
  return (Object.keys(english) as K[]).map((key): [string, string] => [english[key], russian[key]]);
}

/**
 * The Russian of the shared English texts that code serving both sides answers with (guards, uploads,
 * the order entry rules), found by the English text itself as gettext finds a translation.
 */
const russianOf = new Map<string, string>([
  ...pairsOf(ServerText, AdminServerText),
  ...pairsOf(OrderEntryText, AdminOrderEntryText),
]);

/** The server's own texts in the language of the screen that made the request. */
export function serverTextFor(request: FastifyRequest): Record<keyof typeof ServerText, string> {
  return isBackOfficeRequest(request) ? AdminServerText : ServerText;
}

/**
 * The message a refusal answers with, in the language of the screen that made the request. The back
 * office gets our Russian for a shared English text, and never Fastify's own English words.
 */
export function refusalMessageFor(request: FastifyRequest, error: AppError | FastifyError): string {
  const message = error.message || ServerText.invalidRequest;
  if (!isBackOfficeRequest(request)) return message;
  // Texts of the back office's own modules are Russian already.
  if (error instanceof AppError) return error.backOfficeMessage ?? russianOf.get(message) ?? message;
  return russianOf.get(message) ?? AdminServerText.invalidRequest;
}
