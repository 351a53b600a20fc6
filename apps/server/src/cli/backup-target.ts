import { existsSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadDotEnvFile, parseEnv } from '../config/env';
import { createDatabase } from '../db/client';

/**
 * The settings of `npm run backup` / `npm run restore`: `.env` and the environment, as the
 * server reads them, but without generating a JWT secret into the data dir (a restore needs it
 * empty, and a backup writes nothing there).
 */
export const loadBackupSettings = () => {
  try {
    loadDotEnvFile();
    const config = parseEnv(process.env);
    return { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
};

export type BackupSettings = ReturnType<typeof loadBackupSettings>;

/** The embedded database's folder inside a data dir. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

export const hasPgliteData = (dataDir: string) =>
  existsSync(pgliteDir(dataDir)) && readdirSync(pgliteDir(dataDir)).length > 0;

/** Opens the configured database (PGlite refuses while a server holds it: stop it first). */
export const openTarget = async (settings: BackupSettings) => {
  if (settings.databaseUrl) return createDatabase({ databaseUrl: settings.databaseUrl });
  // Its lock file sits beside it, in the data dir, which a restore may have to make.
  await mkdir(settings.dataDir, { recursive: true });
  return createDatabase({ dataDir: pgliteDir(settings.dataDir) });
};

/** A path the operator typed, from the folder they ran npm in (npm runs the script elsewhere). */
export const fromInvocationDir = (file: string) =>
  path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
