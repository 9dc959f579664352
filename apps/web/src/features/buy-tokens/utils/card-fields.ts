/** The sandbox card form's fields as typed: spaced number, `MM/YY`, CVC. */
export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** The card as `POST /api/payment/sandbox/confirm` takes it. */
export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

const MAX_CARD_DIGITS = 19;
const CENTURY = 2000;

const digitsOf = (value: unknown, max: number) =>
  String(value ?? '')
    .replace(/\D/g, '')
    .slice(0, max);

/** A card number grouped by four digits as it is typed. */
export function formatCardNumber(value: unknown): string {
  return (digitsOf(value, MAX_CARD_DIGITS).match(/.{1,4}/g) ?? []).join(' ');
}

/** An expiry as `MM/YY`, the slash added once the month is typed. */
export function formatExpiry(value: unknown): string {
  const digits = digitsOf(value, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvc(value: unknown): string {
  return digitsOf(value, 4);
}

/** Month and four-digit year of an `MM/YY` expiry; null when it is not one. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!match) return null;
  const expMonth = Number(match[1]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: CENTURY + Number(match[2]) };
}

/** True when the card's last valid month is before the current one. */
export function isExpired({ expMonth, expYear }: { expMonth: number; expYear: number }, now = new Date()) {
  const year = now.getFullYear();
  return expYear < year || (expYear === year && expMonth < now.getMonth() + 1);
}

/** The card of a validated form. */
export function sandboxCardOf(fields: CardFields): SandboxCard {
  const expiry = parseExpiry(fields.expiry);
  if (!expiry) throw new Error('The expiry was not validated');
  return { number: fields.number.replace(/\s+/g, ''), ...expiry, cvc: fields.cvc };
}
