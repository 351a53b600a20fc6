// Bundles src/server.ts into dist/server.js: @unimercado/shared (TypeScript source) is bundled in,
// every npm dependency stays external (PGlite loads its wasm relative to its own module).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => name !== '@unimercado/shared',
);

const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Bundled CommonJS helpers may call require(); give ESM output one.
  banner: {
    js: "import { createRequire as __umCreateRequire } from 'node:module'; const require = __umCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`apps/server: dist/server.js built in ${Date.now() - started} ms`);
