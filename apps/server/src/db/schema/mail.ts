import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Mail waiting to be sent (docs/decisions/011). A row is written in the transaction that causes
 * the mail, so a crash after the commit loses nothing; the mail worker sends it and deletes it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /**
     * `message` is ready to send. Any other value names a composer that writes the message first
     * (in the worker's own transaction), for requests whose answer must not depend on whether an
     * account exists, such as a resend or a password reset.
     */
    kind: varchar('kind', { length: 40 }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** Message-ID and outbox file name: a retry after a crash replaces, never duplicates. */
    messageId: varchar('message_id', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** A worker holds the row until then; an instance that died lets it go when it passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** Set when every attempt failed; the row stays for an operator to look at. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.failedAt} is null`),
  ],
);
