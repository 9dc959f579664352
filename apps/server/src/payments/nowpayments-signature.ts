import { createHmac, timingSafeEqual } from 'node:crypto';

/** NOWPayments signs an IPN as HMAC-SHA512 of the JSON body with its keys sorted, keyed by the IPN secret. */
export function signNowPaymentsBody(body: Record<string, unknown>, secret: string): string {
  return createHmac('sha512', secret)
    .update(JSON.stringify(sortKeys(body)))
    .digest('hex');
}

/** Checks the `x-nowpayments-sig` header in constant time. */
export function verifyNowPaymentsSignature(
  body: unknown,
  signature: string | undefined,
  secret: string,
): boolean {
  if (!signature || typeof body !== 'object' || body === null) return false;
  const expected = Buffer.from(signNowPaymentsBody(body as Record<string, unknown>, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
