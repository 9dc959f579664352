import { z } from 'zod';

/** Error answer of every API call. */
export const errorAnswerSchema = z.object({ message: z.string() });
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/** A 204 answer's schema: no body (the OpenAPI document says "No content"). */
export const noContentSchema = z.undefined();

/** The request header that makes a send safe to repeat (IETF draft "The Idempotency-Key HTTP Header Field"). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Longest Idempotency-Key accepted. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Hours the answer of a keyed send is kept: a repeat within them gets it again instead of a second send. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** Answer header marking an answer given again from an earlier send with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const IdempotencyText = {
  keyInvalid: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters`,
  keyReused: 'This Idempotency-Key was already used with a different request',
  inProgress: 'A request with this Idempotency-Key is still in progress',
} as const;

/** The draft's form of the key, a structured-field string: `"..."` with `\"` and `\\` escaped. */
const QUOTED_KEY = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** The Idempotency-Key header: the draft's quoted string or the bare key, 1..255 printable ASCII characters. */
export const idempotencyKeySchema = z
  .string(IdempotencyText.keyInvalid)
  .transform((header) => {
    const quoted = QUOTED_KEY.exec(header);
    return quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : header;
  })
  .pipe(
    z
      .string()
      .min(1, IdempotencyText.keyInvalid)
      .max(IDEMPOTENCY_KEY_MAX_LENGTH, IdempotencyText.keyInvalid)
      .regex(PRINTABLE_ASCII, IdempotencyText.keyInvalid),
  );
