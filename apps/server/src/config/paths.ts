import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const hereDir = path.dirname(fileURLToPath(import.meta.url));

const readPackageName = (dir: string): string | undefined => {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return undefined;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name;
  } catch {
    return undefined;
  }
};

/** Walk up from this module until `match(dir)`; works from src/** (tsx, vitest) and dist/server.js. */
const findUp = (match: (dir: string) => boolean, start = hereDir): string => {
  let dir = start;
  for (;;) {
    if (match(dir)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No se encontró el directorio buscado desde ${start}`);
    dir = parent;
  }
};

/** apps/server */
export const SERVER_ROOT = findUp((dir) => readPackageName(dir) === '@unimercado/server');
/** The monorepo root (the package.json holding the workspaces). */
export const REPO_ROOT = (() => {
  try {
    return findUp((dir) => readPackageName(dir) === 'unimercado', SERVER_ROOT);
  } catch {
    return path.resolve(SERVER_ROOT, '../..');
  }
})();
/** Checked-in drizzle-kit migrations. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
