import { openDatabase, prepareDatabase } from '../app';
import { loadConfigOrExit, type AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';

/** Loads the configuration and the database for a one-shot command, then closes it. */
export const runWithDatabase = async (
  task: (handle: DatabaseHandle, config: AppConfig) => Promise<number | void>,
  options: { prepare?: boolean } = { prepare: true },
) => {
  const config = loadConfigOrExit();
  const handle = await openDatabase(config);
  let code: number;
  try {
    if (options.prepare) await prepareDatabase(handle, config);
    code = (await task(handle, config)) ?? 0;
  } catch (error) {
    console.error(error);
    code = 1;
  } finally {
    await handle.close();
  }
  process.exit(code);
};
