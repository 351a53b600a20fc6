import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns';

/**
 * The files of the PostgreSQL storage driver (STORAGE_DRIVER=postgres, decision 055): a
 * multi-instance deployment then needs nothing but PostgreSQL and Redis. The bytes are stored
 * uncompressed out of line (the migration sets STORAGE EXTERNAL: WebP is already compressed), so
 * reading a slice with substring() does not detoast the whole value.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  /** Hex SHA-256 of the bytes: the ETag, and what the move command verifies. */
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
