#!/usr/bin/env node
/**
 * After the web build (issue 7, decisions 034 and 036): builds the app for Node
 * (apps/web/src/app/server-render.tsx) into `apps/web/dist/.ssr/`, where the server loads it to
 * render the pages whose content is data (apps/server/src/plugins/page-render.ts), and writes
 * `apps/web/dist/.vite/prerender.json`: the first paint of each public page as a visitor without a
 * session sees it before any data, with the styles it uses. The server writes each into that
 * page's HTML (apps/server/src/plugins/web-build.ts).
 *
 * The product name is a runtime setting (APP_NAME): pages are rendered with a placeholder for it,
 * which the server replaces with the configured name.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's and MUI's production code, as in the browser build (the same class names and markup).
process.env.NODE_ENV = 'production';
// Read by apps/web/src/config/env.ts through Vite (VITE_ variables of the environment). New for
// each build, so no text a member writes (a title, a name) can be taken for it.
const APP_NAME_PLACEHOLDER = `__APP_NAME_${randomBytes(12).toString('hex')}__`;
process.env.VITE_APP_NAME = APP_NAME_PLACEHOLDER;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WEB = join(ROOT, 'apps/web');
// Inside the workspace, so the bundle's imports resolve to its node_modules; a dot-folder, which
// the server never serves as a file.
const BUILD_DIR = join(WEB, 'dist/.ssr');
const OUTPUT = join(WEB, 'dist/.vite/prerender.json');

const { build } = await import('vite');
await build({
  root: WEB,
  configFile: join(WEB, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
  build: {
    ssr: 'src/app/server-render.tsx',
    outDir: BUILD_DIR,
    emptyOutDir: true,
    manifest: false,
    sourcemap: false,
    copyPublicDir: false,
  },
});

const { PRERENDERED_PAGES, renderPage } = await import(
  pathToFileURL(join(BUILD_DIR, 'server-render.js')).href
);
const pages = {};
for (const { route, url } of PRERENDERED_PAGES) pages[route] = await renderPage(url);
writeFileSync(OUTPUT, `${JSON.stringify({ appNamePlaceholder: APP_NAME_PLACEHOLDER, pages })}\n`);
console.log(`Prerendered ${PRERENDERED_PAGES.length} pages into ${OUTPUT}.`);
