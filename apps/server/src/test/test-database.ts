import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite mode: a dumped, migrated and seeded data dir to clone. */
    pgliteTemplatePath: string | null;
    /** PostgreSQL mode (TEST_DATABASE_URL): the template database and this run's name prefix. */
    pgTemplate: string | null;
    pgRunPrefix: string | null;
    pgAdminUrl: string | null;
  }
}

export const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

let cachedTemplate: Blob | undefined;

/** A private PostgreSQL database of this run (from `template`, or empty), dropped on close. */
const createPgDatabase = async (adminUrl: string, prefix: string, template: string | null) => {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const handle = await createDatabase({ databaseUrl: withDatabase(adminUrl, name), poolSize: 4 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper
        .query(`drop database if exists "${name}" with (force)`)
        .finally(() => dropper.end());
    },
  };
};

/**
 * A private database for one test file, cloned from the run's template: PGlite loads the dumped
 * data dir (no initdb, no migrations); PostgreSQL uses CREATE DATABASE ... TEMPLATE.
 */
export const createTestDatabase = async (): Promise<DatabaseHandle> => {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const prefix = inject('pgRunPrefix');
  if (adminUrl && template && prefix) return createPgDatabase(adminUrl, prefix, template);
  const templatePath = inject('pgliteTemplatePath');
  if (!templatePath) throw new Error('global setup did not provide a template database');
  cachedTemplate ??= new Blob([await readFile(templatePath)]);
  return createDatabase({ dataDir: undefined, loadDataDir: cachedTemplate });
};

/** An empty database on the run's driver, nothing migrated (tests of an upgrade). */
export const createEmptyTestDatabase = async (): Promise<DatabaseHandle> => {
  const adminUrl = inject('pgAdminUrl');
  const prefix = inject('pgRunPrefix');
  if (adminUrl && prefix) return createPgDatabase(adminUrl, prefix, null);
  return createDatabase({ dataDir: undefined });
};
