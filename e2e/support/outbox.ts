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

/** Waits for the newest mail to `email` holding a link like `pattern`; returns its path and query. */
const takeLinkPath = async (email: string, pattern: RegExp): Promise<string> => {
  let path = '';
  await expect
    .poll(() => {
      const mail = readMails()
        .filter((m) => String(m.to).toLowerCase() === email.toLowerCase() && pattern.test(m.text))
        .at(-1);
      path = mail?.text.match(pattern)?.[0] ?? '';
      return path;
    })
    .not.toBe('');
  return path;
};

export const takeVerificationPath = (email: string) =>
  takeLinkPath(email, /\/verify-email\?token=[A-Za-z0-9_-]+/);

export const takeResetPath = (email: string) =>
  takeLinkPath(email, /\/reset-password\?token=[A-Za-z0-9_-]+/);

/** How many mails `email` has received with this subject. */
export const countMails = (email: string, subject: string) =>
  readMails().filter(
    (m) => String(m.to).toLowerCase() === email.toLowerCase() && m.subject === subject,
  ).length;
