// `npm start`: build whatever is missing or older than its sources, then run the built server in
// this process (it applies migrations and seeds at start-up). Works on a fresh clone after
// `npm install` with no other set-up: PGlite in ./data, JWT secret generated into ./data.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const at = (...parts) => join(root, ...parts);

// Settings from ./.env when it exists (see .env.example); the real environment wins. The server
// reads it too; reading it here first lets it steer the builds below (e.g. NODE_ENV).
if (existsSync(at('.env'))) process.loadEnvFile(at('.env'));

/** Newest modification time (ms) of the files below the given paths; 0 when none exist. */
const newestMtime = (paths) => {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') visit(join(path, entry));
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  paths.forEach(visit);
  return newest;
};

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const targets = [
  {
    name: 'apps/web',
    // Written by the last step of Vite's build (the server's render): a build cut short is redone.
    output: at('apps/web/dist/.ssr/entry-server.js'),
    sources: [
      at('apps/web/src'),
      at('apps/web/index.html'),
      at('apps/web/public'),
      at('apps/web/vite.config.ts'),
      // The build writes the campus time zone in (CAMPUS_TIME_ZONE, decision 050).
      at('.env'),
      at('packages/shared/src'),
      at('scripts/build-web.mjs'),
      at('scripts/compress-assets.mjs'),
    ],
    // The same steps as `npm run build`: Vite (the browser's code and the server's render), the
    // compressed copies.
    build: [process.execPath, [at('scripts/build-web.mjs')]],
  },
  {
    name: 'apps/server',
    output: at('apps/server/dist/server.js'),
    sources: [at('apps/server/src'), at('apps/server/scripts'), at('packages/shared/src')],
    build: [npm, ['run', 'build', '-w', 'apps/server']],
  },
];

for (const { name, output, sources, build } of targets) {
  const isStale = !existsSync(output) || newestMtime(sources) > statSync(output).mtimeMs;
  if (!isStale) continue;
  console.log(`Building ${name}...`);
  const [command, args] = build;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Build of ${name} failed.`);
    process.exit(result.status ?? 1);
  }
}

await import(pathToFileURL(at('apps/server/dist/server.js')).href);
