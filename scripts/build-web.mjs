// The web app's production build, in one place for `npm run build` and `npm start`: Vite's build
// of the browser's code and of the server's render (apps/web, `npm run build`), then the brotli
// and gzip copies of the assets (compress-assets.mjs, what the server sends).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const steps = [
  [npm, ['run', 'build', '-w', 'apps/web']],
  [process.execPath, [join(root, 'scripts/compress-assets.mjs')]],
];

for (const [command, args] of steps) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Web build step failed: ${[command, ...args].join(' ')}`);
    process.exit(result.status ?? 1);
  }
}
