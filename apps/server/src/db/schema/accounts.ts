import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const createdAt = timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A social identity linked to a user: one row per provider account. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's stable id of the account (OIDC `sub`). */
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt,
  },
  (t) => [
    uniqueIndex('social_accounts_provider_subject_idx').on(t.provider, t.subject),
    index('social_accounts_user_idx').on(t.userId),
  ],
);

/**
 * A social login in progress: its state and PKCE verifier, single use and short-lived, kept in the
 * database so any instance can complete the flow and a replayed callback finds it used.
 */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt,
});

/**
 * A mobile-app hash link already used (its HMAC, lower-case hex), kept until the link would have expired
 * anyway: inserting it is what lets the link log in, so each link logs in once.
 */
export const usedAndroidLinks = pgTable(
  'used_android_links',
  {
    hash: text('hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt,
  },
  (t) => [index('used_android_links_expires_idx').on(t.expiresAt)],
);

/** A password-reset link: the token's hash, single use, valid one hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt,
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/** A message from the contact form, kept besides the mail to the support address. */
export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  /** The sender's account when logged in. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt,
});
