import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { REPO_ROOT } from '../config/paths';

/**
 * docs/reliability.md carries the counts of what the proof tests try (issue 22), each written as
 * `**N**<!-- key -->`. The tests that try it check the number; `RELIABILITY_DOC_WRITE=1` rewrites
 * it instead, so the page is never edited by hand.
 */
export const RELIABILITY_DOC = path.join(REPO_ROOT, 'docs', 'reliability.md');

export const checkReliabilityCount = async (key: string, count: number) => {
  const text = await readFile(RELIABILITY_DOC, 'utf8');
  const pattern = new RegExp(`\\*\\*(\\d+)\\*\\*<!-- ${key} -->`);
  if (process.env.RELIABILITY_DOC_WRITE === '1') {
    await writeFile(RELIABILITY_DOC, text.replace(pattern, `**${count}**<!-- ${key} -->`));
    return;
  }
  const stated = pattern.exec(text)?.[1];
  expect(
    Number(stated),
    `docs/reliability.md states ${key} as ${stated}; run with RELIABILITY_DOC_WRITE=1 to update it`,
  ).toBe(count);
};
