import { seedDatabase } from '../db/seed';
import { runWithDatabase } from './run';

// `npm run db:seed`: roles, categories and ADMIN_EMAILS grants (idempotent; also run at start-up).
await runWithDatabase(
  async (handle, config) => {
    await handle.migrate();
    await seedDatabase(handle.db, { adminEmails: config.adminEmails });
    console.log('Datos iniciales listos: roles y categorías.');
  },
  { prepare: false },
);
