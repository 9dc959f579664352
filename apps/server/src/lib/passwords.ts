import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 hashes with argon2id by default (tested in passwords.test.ts).
// A real hash of a random string, verified against when no user matches, so timing does not reveal accounts.
let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** True when the password matches; a missing hash still costs one verification. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash(`dummy-${Math.random()}`);
    await verify(await dummyHash, password);
    return false;
  }
  return verify(passwordHash, password);
}
