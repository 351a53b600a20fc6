import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client';
import { seedDatabase } from '../db/seed';
import { withDatabase } from './test-database';

/**
 * Runs once per `vitest run`: migrates and seeds ONE template database, which every test file
 * clones. With TEST_DATABASE_URL it works on real PostgreSQL in databases it creates and drops.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const prefix = `um_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const template = `${prefix}_tpl`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${template}"`);
    await admin.end();
    const handle = await createDatabase({
      databaseUrl: withDatabase(adminUrl, template),
      poolSize: 2,
    });
    try {
      await handle.migrate();
      await seedDatabase(handle.db);
    } catch (error) {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${template}" with (force)`);
      await dropper.end();
      throw error;
    }
    await handle.close();
    project.provide('pgAdminUrl', adminUrl);
    project.provide('pgTemplate', template);
    project.provide('pgRunPrefix', prefix);
    project.provide('pgliteTemplatePath', null);
    return async () => {
      const cleaner = new pg.Client({ connectionString: adminUrl });
      await cleaner.connect();
      try {
        const { rows } = await cleaner.query<{ datname: string }>(
          'select datname from pg_database where datname like $1',
          [`${prefix}%`],
        );
        for (const { datname } of rows) {
          await cleaner.query(`drop database if exists "${datname}" with (force)`);
        }
      } finally {
        await cleaner.end();
      }
    };
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'um-test-'));
  const handle = await createDatabase({ dataDir: undefined });
  await handle.migrate();
  await seedDatabase(handle.db);
  if (!handle.dump) throw new Error('PGlite handle cannot dump');
  const dump = await handle.dump();
  await handle.close();
  const templatePath = path.join(dir, 'template.tar');
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', templatePath);
  project.provide('pgAdminUrl', null);
  project.provide('pgTemplate', null);
  project.provide('pgRunPrefix', null);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
