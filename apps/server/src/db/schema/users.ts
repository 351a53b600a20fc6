import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Always stored lower-cased; the unique index on lower(email) guards against mixed case. */
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    passwordHash: text('password_hash').notNull(),
    /**
     * When the account's current address was proved: a verification or password-reset link sent
     * to it was used (or the demo seed made it). The one fact behind "verified" everywhere; an
     * email change clears it (decision 037).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * The address whose emailed link chose the current password (verification of an
     * ADMIN_EMAILS address, or a reset); null once the password is changed any other way.
     * ADMIN_EMAILS grants ROLE_ADMIN only when it equals the account's email (decision 010).
     */
    passwordLinkEmail: varchar('password_link_email', { length: 254 }),
    /** Bumped whenever existing tokens must stop working (deletion, role change, password change). */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Soft delete: the row stays so chat history and reviews keep their counterpart. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /**
     * Suspended by an admin (decision 071): sign-in is refused while `suspended_at` is set and
     * `suspended_until` is null (permanent) or still ahead.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_active_created_idx')
      .on(t.createdAt)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 50 }).notNull().unique('roles_name_uq'),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId], name: 'user_roles_pk' }),
    index('user_roles_role_idx').on(t.roleId),
  ],
);

/** Emailed single-use links (architecture.md, data safety): the columns both kinds share. */
const linkTokenColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** sha256 (hex) of the token sent by email; the token itself is never stored. */
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  /** The address the link was sent to: it proves that mailbox, and only while it is current. */
  email: varchar('email', { length: 254 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  linkTokenColumns(),
  (t) => [
    uniqueIndex('email_verification_tokens_hash_uq').on(t.tokenHash),
    index('email_verification_tokens_user_idx').on(t.userId),
  ],
);

/** Password reset links (decision 010): like verification links, but short-lived. */
export const passwordResetTokens = pgTable('password_reset_tokens', linkTokenColumns(), (t) => [
  uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash),
  index('password_reset_tokens_user_idx').on(t.userId),
]);
