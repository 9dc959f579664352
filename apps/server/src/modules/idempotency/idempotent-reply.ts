import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeySchema,
} from '@retouch/shared/http';
import { parseInput } from '../../lib/validation';
import { markStoredAnswer } from '../../plugins/route-schemas';
import {
  idempotentRequest,
  type IdempotentAnswer,
  type IdempotentRequest,
  type IdempotentScopeValue,
} from './idempotency.service';

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/** The request's Idempotency-Key, if it sent one; a malformed key is refused (400). */
export function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers[HEADER];
  return header === undefined ? undefined : parseInput(idempotencyKeySchema, header);
}

/** The request as its Idempotency-Key's record (`what`: its target and payload); none without the header. */
export function keyedRequest(
  request: FastifyRequest,
  userId: string,
  scope: IdempotentScopeValue,
  what: unknown,
): IdempotentRequest | undefined {
  return idempotentRequest(userId, scope, readIdempotencyKey(request), what);
}

/** Sends an answer; one given again for a repeated key says so in `Idempotent-Replayed`. */
export function sendAnswer(reply: FastifyReply, answer: IdempotentAnswer): FastifyReply {
  if (answer.replayed) {
    reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    markStoredAnswer(answer.body);
  }
  return reply.status(answer.statusCode).send(answer.body);
}
