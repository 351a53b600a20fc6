// Writes a brotli (`.br`) and a gzip (`.gz`) copy next to each compressible file of the built web
// app, at the highest levels (done once per build, so the time is spent here and never per
// request). The server serves the copy the browser accepts (apps/server/src/plugins/web.ts).
// Usage: node scripts/compress-assets.mjs [dir]   (default: apps/web/dist)
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dir = resolve(process.argv[2] ?? join(root, 'apps/web/dist'));

/** Text formats; images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
]);

const files = [];
const visit = (path) => {
  for (const entry of readdirSync(path)) {
    const full = join(path, entry);
    // The build's own records and the server's render code (.vite/, .ssr/) are never served.
    if (statSync(full).isDirectory()) {
      if (!entry.startsWith('.')) visit(full);
    } else files.push(full);
  }
};
visit(dir);

let raw = 0;
let brotli = 0;
let count = 0;
for (const file of files) {
  if (!COMPRESSIBLE.has(extname(file))) continue;
  const content = readFileSync(file);
  for (const [suffix, encode] of [
    [
      '.br',
      () =>
        brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
    ],
    ['.gz', () => gzipSync(content, { level: 9 })],
  ]) {
    const target = file + suffix;
    const encoded = encode();
    // A copy that is not smaller is not worth serving: the file goes out as it is.
    if (encoded.length < content.length) {
      writeFileSync(target, encoded);
      if (suffix === '.br') brotli += encoded.length;
    } else {
      rmSync(target, { force: true });
      if (suffix === '.br') brotli += content.length;
    }
  }
  raw += content.length;
  count += 1;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `compress-assets: ${count} files in ${relative(root, dir) || dir}, ${kb(raw)} raw, ${kb(brotli)} as brotli`,
);
