import { runWithDatabase } from './run';

// `npm run db:migrate`: applies the checked-in migrations (the server also does it at start-up).
await runWithDatabase(
  async (handle) => {
    await handle.migrate();
    console.log(`Migraciones aplicadas (${handle.driver}).`);
  },
  { prepare: false },
);
