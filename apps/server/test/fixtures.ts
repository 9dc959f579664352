import sharp from 'sharp';
import { LedgerReason } from '../src/db/schema/index';
import { applyLedgerEntry } from '../src/modules/ledger/ledger.service';
import type { TestApp, TestClient } from './test-app';

let counter = 0;

/** A unique registration body. */
export function newRegistration(overrides: Partial<{ email: string; password: string }> = {}) {
  counter += 1;
  return {
    email: `user${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    password: 'secret-password',
    name: { giveName: 'Ann', familyName: 'Lee' },
    ...overrides,
  };
}

/** The confirmation link's query from the newest mail to that address. */
export async function confirmationQuery(t: TestApp, email: string): Promise<string> {
  const mails = (await t.outbox()).filter((mail) => mail.to === email);
  const text = mails.at(-1)?.text ?? '';
  const link = /https?:\/\/\S+\/confirm\?(\S+)/.exec(text);
  if (!link?.[1]) throw new Error(`no confirmation link mailed to ${email}`);
  return link[1];
}

/** Registers, confirms and logs in a new customer; returns the logged-in client and the user. */
export async function signUpCustomer(
  t: TestApp,
  overrides: Partial<{ email: string; password: string }> = {},
) {
  const body = newRegistration(overrides);
  const client = t.client();
  const registered = await client.post('/api/registration', body);
  if (registered.status !== 201) throw new Error(`registration failed: ${JSON.stringify(registered.body)}`);
  await client.get(`/api/email/confirm?${await confirmationQuery(t, body.email)}`);
  const login = await client.post('/api/login', { email: body.email, password: body.password });
  return { client, user: login.body, credentials: body };
}

export async function logIn(t: TestApp, email: string, password: string): Promise<TestClient> {
  const client = t.client();
  const answer = await client.post('/api/login', { email, password });
  if (answer.status !== 200 || !answer.body.email)
    throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return client;
}

/** A JPEG with an EXIF block (camera make and GPS-like data) to prove stripping. */
export async function jpegWithExif(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'owner-private' } })
    .toBuffer();
}

export function imageForm(
  fields: Record<string, string>,
  files: Record<string, { data: Buffer; name: string; type: string }>,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, file] of Object.entries(files)) {
    form.append(key, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  }
  return form;
}

/** Moves a user's balance by `delta` through the ledger, as an admin adjustment would. */
export async function adjustBalance(t: TestApp, userId: string, delta: { main: number; bonus: number }) {
  counter += 1;
  await t.db.transaction((tx) =>
    applyLedgerEntry(tx, {
      userId,
      deltaMain: delta.main,
      deltaBonus: delta.bonus,
      reason: LedgerReason.adminAdjustment,
      idempotencyKey: `test-adjustment:${userId}:${counter}:${Date.now()}`,
    }),
  );
}
