import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe secret (sessions, confirmation links). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores of a secret: its SHA-256, so a leaked table grants nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
