// Starts the built product for the browser tests: a fresh embedded database in a temporary data
// directory, mail written to its outbox, and one pre-declared admin account.
import { rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = join(tmpdir(), `unimercado-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

Object.assign(process.env, {
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  // The second for the moderation journey (support/env.ts).
  ADMIN_EMAILS: 'admin@unimercado.test,moderacion@unimercado.test',
  // WebAuthn refuses an IP address as relying party: passkeys.spec.ts opens the app as localhost.
  PASSKEY_RP_ID: 'localhost',
  PASSKEY_ORIGINS: `http://localhost:${port}`,
  LOG_LEVEL: 'warn',
  // Set empty rather than removed: the server reads a developer's .env for variables the
  // environment lacks, and these must stay off whatever it says.
  DATABASE_URL: '',
  SMTP_URL: '',
  REDIS_URL: '',
});

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
await import(pathToFileURL(join(root, 'apps/server/dist/server.js')).href);
