import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Full-text search vector; only ever written by PostgreSQL (generated column). */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** Timestamps are stored with time zone and handed to the app as Date objects. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * Text search configuration created by the first migration: Spanish stemming on unaccented words,
 * so 'cálculo', 'Calculo' and 'cálculos' all match (architecture.md, search).
 */
export const SEARCH_CONFIG = 'unimercado_es';

/**
 * `unaccent` is only STABLE, so it cannot appear in an index; this IMMUTABLE wrapper (created by
 * the listings migration, always with the same dictionary) can. Partial-word search folds titles
 * and places with `lower(um_fold(x))`: 'Ingeniería' and 'ingenieria' match.
 */
export const FOLD_FUNCTION = 'um_fold';

/** A full-text query, stored once so that matching never parses it again (saved searches). */
export const tsquery = customType<{ data: string }>({
  dataType: () => 'tsquery',
});
