#!/usr/bin/env node
/**
 * Writes `apps/web/dist/.vite/prerender.json` after the web build (issue 7, docs/decisions/034):
 * the first paint of each public page as an anonymous visitor sees it, rendered by React from the
 * app's own components (apps/web/src/app/prerender.tsx, built for Node into a throw-away folder),
 * with the styles it uses. The server writes each into that page's HTML
 * (apps/server/src/plugins/web.ts).
 *
 * The product name is a runtime setting (APP_NAME): pages are rendered with a placeholder for it,
 * which the server replaces with the configured name.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's and MUI's production code, as in the browser build (the same class names and markup).
process.env.NODE_ENV = 'production';
// Read by apps/web/src/config/env.ts through Vite (VITE_ variables of the environment).
const APP_NAME_PLACEHOLDER = '__UNIMERCADO_APP_NAME__';
process.env.VITE_APP_NAME = APP_NAME_PLACEHOLDER;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WEB = join(ROOT, 'apps/web');
// Inside the workspace, so the bundle's imports resolve to its node_modules.
const BUILD_DIR = join(WEB, 'node_modules/.cache/prerender');
const OUTPUT = join(WEB, 'dist/.vite/prerender.json');

const { build } = await import('vite');
await build({
  root: WEB,
  configFile: join(WEB, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
  build: {
    ssr: 'src/app/prerender.tsx',
    outDir: BUILD_DIR,
    emptyOutDir: true,
    manifest: false,
    sourcemap: false,
    copyPublicDir: false,
  },
});

try {
  const { PRERENDERED_PAGES, prerenderPage } = await import(
    pathToFileURL(join(BUILD_DIR, 'prerender.js')).href
  );
  const pages = {};
  for (const { route, url } of PRERENDERED_PAGES) pages[route] = await prerenderPage(url);
  writeFileSync(OUTPUT, `${JSON.stringify({ appNamePlaceholder: APP_NAME_PLACEHOLDER, pages })}\n`);
  console.log(`Prerendered ${PRERENDERED_PAGES.length} pages into ${OUTPUT}.`);
} finally {
  rmSync(BUILD_DIR, { recursive: true, force: true });
}
