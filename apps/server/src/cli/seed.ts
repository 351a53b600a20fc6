import { seedDemoData } from '../demo/demo-seed';
import { seedDatabase } from '../db/seed';
import { createPasswordHasher } from '../lib/password';
import { createStorage } from '../plugins/storage';
import { runWithDatabase } from './run';

// `npm run db:seed`: roles, categories and ADMIN_EMAILS grants (idempotent; also run at start-up).
// `npm run db:seed -- --demo`: also the demo accounts and listings (README, "Demo data"); never
// run by itself. With the embedded database, run it while the server is stopped.
const withDemo = process.argv.slice(2).includes('--demo');

await runWithDatabase(
  async (handle, config) => {
    await handle.migrate();
    await seedDatabase(handle.db, { adminEmails: config.adminEmails });
    console.log('Datos iniciales listos: roles y categorías.');
    if (!withDemo) return;
    // The photos go where the app reads them (STORAGE_DRIVER).
    const storage = await createStorage(config.storage.driver, config, handle.db);
    const result = await seedDemoData({
      db: handle.db,
      storage,
      passwords: createPasswordHasher(),
      now: () => new Date(),
    }).finally(() => storage.close?.());
    console.log(
      result.created
        ? `Datos de demostración creados: ${result.users} cuentas, ${result.listings} productos y ${result.photos} fotos. Contraseña de todas las cuentas: ver README.`
        : 'Los datos de demostración ya existían: no se cambió nada.',
    );
  },
  { prepare: false },
);
