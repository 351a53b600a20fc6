import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '/work/wt/budget-b/e2e/support/chromium';
const root = '/work/wt/budget-b';
const port = 4323; const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'budgetb-check-'));
spawnSync('npm', ['run', 'db:seed', '--', '--demo'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn' }, stdio: 'ignore' });
const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
for (;;) { try { if ((await fetch(`${base}/readyz`)).ok) break; } catch {} await sleep(100); }
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const path of (process.argv[2] ?? '/products').split(',')) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    page.on('console', (m) => console.log('console', m.type(), m.text()));
    page.on('requestfailed', (r) => console.log('failed', r.url()));
    const t0 = Date.now();
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    console.log(path, 'networkidle after', Date.now() - t0, 'ms; cards', await page.locator('article').count(), 'busy', await page.locator('[aria-busy="true"]').count());
    await sleep(2000);
    console.log(path, '+2s cards', await page.locator('article').count(), 'busy', await page.locator('[aria-busy="true"]').count());
    await page.close();
  }
} finally { await browser.close(); server.kill('SIGTERM'); await sleep(500); rmSync(dataDir, { recursive: true, force: true }); }
