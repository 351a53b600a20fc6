#!/usr/bin/env node
/**
 * Writes `apps/web/dist/.vite/route-preloads.json` after the web build: for each page of the app
 * (the route table of scripts/budget.mjs), the JavaScript files its lazy route chunk needs beyond
 * the entry's, which index.html already preloads. The server writes them into the HTML it answers
 * for that page as `<link rel="modulepreload">` (apps/server/src/plugins/web.ts), so the browser
 * fetches the page's code together with the entry instead of only after the entry has run: one
 * round trip less before the first render (issue 7, docs/decisions/015).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadManifest, ROUTES, staticClosure } from './budget.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = join(ROOT, 'apps/web/dist/.vite/route-preloads.json');

const manifest = loadManifest();
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The Vite manifest has no entry chunk.');
const entryFiles = staticClosure(manifest, entryKey);

const preloads = Object.fromEntries(
  Object.entries(ROUTES).map(([route, module]) => [
    route,
    [...staticClosure(manifest, module)].filter(
      (file) => file.endsWith('.js') && !entryFiles.has(file),
    ),
  ]),
);
writeFileSync(OUTPUT, `${JSON.stringify(preloads, null, 2)}\n`);
console.log(`Route preloads written for ${Object.keys(preloads).length} pages.`);
