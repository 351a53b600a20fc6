import { join } from 'node:path';
import { tmpdir } from 'node:os';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The server started by support/start-server.mjs keeps its data (and mail outbox) here. */
export const E2E_DATA_DIR = join(tmpdir(), `unimercado-e2e-${E2E_PORT}`);
export const E2E_ADMIN_EMAIL = 'admin@unimercado.test';
/** A second ADMIN_EMAILS address, for the moderation journey (the accounts journey owns the first). */
export const E2E_MODERATOR_EMAIL = 'moderacion@unimercado.test';
