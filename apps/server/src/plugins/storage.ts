import { mkdir } from 'node:fs/promises';
import fp from 'fastify-plugin';
import type { AppConfig, StorageSettings } from '../config/env';
import type { Database } from '../db/client';
import { createDiskStorage, uploadsDir } from './storage/disk';
import { createPostgresStorage } from './storage/postgres';
import { registerUploadsRoute } from './storage/serve';
import type { Storage } from './storage/types';

export { createDiskStorage, uploadsDir } from './storage/disk';
export { isValidStorageKey, UPLOADS_PREFIX } from './storage/types';
export type { Storage, StorageDriverName } from './storage/types';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/**
 * The driver named by `driver` (STORAGE_DRIVER for the app; `--from`/`--to` for the move
 * command), with its settings from the configuration.
 */
export const createStorage = async (
  driver: StorageSettings['driver'],
  config: Pick<AppConfig, 'dataDir' | 'publicUrl' | 'storage'>,
  db: Database,
): Promise<Storage> => {
  switch (driver) {
    case 'disk': {
      const rootDir = uploadsDir(config.dataDir);
      await mkdir(rootDir, { recursive: true });
      return createDiskStorage({ rootDir, publicUrl: config.publicUrl });
    }
    case 'postgres':
      return createPostgresStorage({ db, publicUrl: config.publicUrl });
    case 's3': {
      if (!config.storage.s3) throw new Error('S3_BUCKET es obligatorio para el almacenamiento s3');
      const { createS3Storage } = await import('./storage/s3');
      return createS3Storage({ s3: config.storage.s3, publicUrl: config.publicUrl });
    }
  }
};

/**
 * Decorates `app.storage` with the configured driver (decision 055) and serves its files at
 * `/uploads/*` for every driver.
 */
export const storagePlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const storage = await createStorage(config.storage.driver, config, app.db);
    app.decorate('storage', storage);
    if (storage.close) app.addHook('onClose', async () => storage.close?.());
    registerUploadsRoute(app, storage, {
      signedUrlTtlSeconds: config.storage.s3?.signedUrlTtlSeconds ?? 0,
    });
  },
  { name: 'storage', dependencies: ['db'] },
);
