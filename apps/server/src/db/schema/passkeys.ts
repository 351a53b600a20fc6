import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { users } from './users';

/** A member's WebAuthn credentials (decision 067). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id as base64url, as the browser sends it. */
    credentialId: varchar('credential_id', { length: 1400 }).notNull(),
    /** COSE public key. */
    publicKey: bytea('public_key').notNull(),
    /** The authenticator's signature counter (an unsigned 32-bit number; 0 = it keeps none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: varchar('name', { length: 60 }).notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_uq').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * Challenges handed out and not yet answered: single use (deleted when answered), five minutes.
 * A registration's is bound to the member; a sign-in's to the browser that asked for it, by the
 * SHA-256 of a random value kept in an HttpOnly cookie.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: varchar('challenge', { length: 128 }).primaryKey(),
    purpose: varchar('purpose', { length: 16 }).$type<'register' | 'authenticate'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    browserKey: varchar('browser_key', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
