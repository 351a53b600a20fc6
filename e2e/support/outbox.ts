import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './env';

type OutboxMail = { to: string; subject: string; text: string; createdAt: string };

const readMails = (): OutboxMail[] => {
  const dir = join(E2E_DATA_DIR, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxMail);
};

/** Waits for the newest verification mail sent to `email` and returns the link's path and query. */
export const takeVerificationPath = async (email: string): Promise<string> => {
  let path = '';
  await expect
    .poll(() => {
      const mail = readMails()
        .filter((m) => String(m.to).toLowerCase().includes(email.toLowerCase()))
        .at(-1);
      path = mail?.text.match(/\/verify-email\?token=[A-Za-z0-9_-]+/)?.[0] ?? '';
      return path;
    })
    .not.toBe('');
  return path;
};
