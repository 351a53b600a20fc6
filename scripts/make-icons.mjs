// The installable app's raster icons (decision 091), made from apps/web/public/logo.svg with
// sharp and checked in: run `node scripts/make-icons.mjs` after changing the logo.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
// sharp is the server's dependency (photos); the icons borrow it.
const sharp = createRequire(join(root, 'apps/server/package.json'))('sharp');
const logo = readFileSync(join(root, 'apps/web/public/logo.svg'));
const out = (name) => join(root, 'apps/web/public/icons', name);

for (const size of [192, 512]) {
  await sharp(logo, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toFile(out(`icon-${size}.png`));
}
// Maskable: launchers crop to a circle or squircle of 80 %: the logo sits inside that safe zone
// on a full-bleed background of the logo's own purple.
const inner = Math.round(512 * 0.72);
const mark = await sharp(logo, { density: (72 * inner) / 64 })
  .resize(inner, inner)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#6200ea' } })
  .composite([{ input: mark, gravity: 'centre' }])
  .png()
  .toFile(out('maskable-512.png'));
console.log('icons written to apps/web/public/icons');
