import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { encodeFrame } from '@unimercado/shared/stomp';
import { isWebRoute, matchWebRoute, WEB_ROUTES } from '@unimercado/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/paths';
import { createAccount, createTestApp, type TestContext } from '../test/helpers';
import { createProduct, uploadPhotos } from '../test/products';
import { listenForSockets, openRawSocket } from '../test/stomp';

/** What a browser reads once it has undone the Content-Encoding it was sent. */
const decoded = (res: {
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
}) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString('utf8');
};

const varies = (res: { headers: Record<string, string | string[] | number | undefined> }) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .includes('accept-encoding');

// Like a built bundle: long enough (and repetitive enough) to be worth compressing.
const BUNDLE = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"fila ${i}"}`).join(',')}];\n`;
/**
 * What Vite's build writes into `.vite/manifest.json`, in small: the entry (with a shared chunk it
 * imports) and the modules of some pages (their names from the shared route table).
 */
const MANIFEST = {
  'src/app/main.tsx': {
    file: 'assets/index-abc123.js',
    isEntry: true,
    imports: ['_shared.js'],
    css: ['assets/main-f1.css'],
  },
  '_shared.js': { file: 'assets/shared-s1.js' },
  '_gallery.js': { file: 'assets/gallery-g1.js' },
  'src/app/routes/home.tsx': { file: 'assets/home-h1.js', imports: ['_shared.js'] },
  'src/app/routes/product-detail.tsx': {
    file: 'assets/product-detail-d1.js',
    imports: ['_shared.js', '_gallery.js'],
  },
  'src/app/routes/auth/login.tsx': { file: 'assets/login-l1.js', imports: ['_shared.js'] },
};

describe('compressed answers and the built web app', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'um-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), BUNDLE);
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
    await writeFile(path.join(dist, 'assets', 'tiny-abc123.js'), 'x');
    await writeFile(path.join(dist, 'assets', 'main-f1.css'), '.x{color:#123}'.repeat(120));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    // The build step that writes the .br and .gz copies (root `npm run build`).
    const script = spawnSync(
      process.execPath,
      [path.join(REPO_ROOT, 'scripts/compress-assets.mjs'), dist],
      { encoding: 'utf8' },
    );
    expect(script.status, script.stderr).toBe(0);
    ctx = await createTestApp({ config: { webDistDir: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves built assets as compressed at build time, by Accept-Encoding', async () => {
    const brotli = await readFile(path.join(dist, 'assets', 'index-abc123.js.br'));
    expect(brotli.length).toBeLessThan(BUNDLE.length / 4);
    for (const [acceptEncoding, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(res), acceptEncoding).toBe(true);
      expect(decoded(res)).toBe(BUNDLE);
    }
    const brSent = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    // The build's copy itself, not a second compression per request.
    expect(brSent.rawPayload.equals(brotli)).toBe(true);
  });

  it('never serves source maps, the compressed copies by their own names or missing assets', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.br',
      '/assets/index-abc123.js.gz',
      '/assets/missing.js',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('compresses the app page for every route and keeps it uncached', async () => {
    for (const url of ['/', '/login', '/products', '/products/12']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      // No product 12 in this database: its page says so, with status 404.
      expect(res.statusCode, url).toBe(url === '/products/12' ? 404 : 200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(varies(res)).toBe(true);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decoded(res)).toContain('<div id="root"></div>');
    }
  });

  it('answers 404 with the app page for paths that are no page of the app', async () => {
    for (const url of ['/no/such/page', '/products/12/extra', '/loginx', '/admin']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(decoded(res)).toContain('<title>UniMercado</title>');
    }
    for (const url of ['/products/', '/verify-email?token=abc', '/user/7', '/index.html']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('preloads the entry’s code and that of the page asked for, and only that page’s', async () => {
    const page = async (url: string) => decoded(await ctx.app.inject({ method: 'GET', url }));
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (match) => match[1],
      );
    const shared = '/assets/shared-s1.js';
    expect(preloads(await page('/products/12'))).toEqual([
      shared,
      '/assets/product-detail-d1.js',
      '/assets/gallery-g1.js',
    ]);
    expect(preloads(await page('/'))).toEqual([shared, '/assets/home-h1.js']);
    expect(preloads(await page('/index.html'))).toEqual([shared, '/assets/home-h1.js']);
    expect(preloads(await page('/login'))).toEqual([shared, '/assets/login-l1.js']);
    expect(preloads(await page('/no/such/page'))).toEqual([shared]);
    // The links go into the head, before the page's own scripts run.
    const html = await page('/products/12');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('serves a real robots.txt: private pages and email links are not crawled', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /products');
    for (const path of [
      '/admin-panel',
      '/profile',
      '/my-favorites',
      '/my-products',
      '/my-purchases',
      '/create-product',
      '/chat',
      '/notifications',
      '/verify-email',
      '/reset-password',
      '/api/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines.filter((line) => /^Disallow: \/products/.test(line))).toEqual([]);
  });

  it('compresses API answers above 1 KB, not the small ones', async () => {
    const seller = await createAccount(ctx, { verified: true });
    for (let i = 0; i < 6; i += 1) {
      await createProduct(ctx, seller, { title: `Calculadora científica número ${i}` });
    }
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/products/available?size=12' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/products/available?size=12',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(varies(res)).toBe(true);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decoded(res))).toEqual(plain.json());
    }
    // An answer made per request (not one of the cached lists) goes through the plugin.
    const docs = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(docs))).toHaveProperty('openapi');
    const small = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('sends a cached list compressed as accepted, and fresh after a product changes', async () => {
    const seller = await createAccount(ctx, { verified: true });
    for (let i = 0; i < 6; i += 1) {
      await createProduct(ctx, seller, { title: `Lámpara de escritorio ${i}` });
    }
    const url = `/api/products?sellerId=${seller.user.id}&size=12`;
    const as = (acceptEncoding: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
    for (const [header, expected] of [
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['*', 'br'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
    ] as const) {
      const res = await as(header);
      expect(res.headers['content-encoding'], header).toBe(expected);
      expect(res.headers['x-total-count'], header).toBe('6');
      expect(varies(res), header).toBe(true);
      expect(String(res.headers.vary), header).toContain('Origin');
      expect(JSON.parse(decoded(res)), header).toHaveLength(6);
    }
    await createProduct(ctx, seller, { title: 'Lámpara nueva' });
    const fresh = JSON.parse(decoded(await as('br'))) as { title: string }[];
    expect(fresh).toHaveLength(7);
    expect(fresh[0]?.title).toBe('Lámpara nueva');
  });

  it('never compresses images again', async () => {
    const seller = await createAccount(ctx, { verified: true });
    const [url] = await uploadPhotos(ctx, seller.token);
    const res = await ctx.app.inject({
      method: 'GET',
      url: new URL(url!, 'http://localhost').pathname,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

const FONT_CSS =
  '@font-face{font-family:Roboto;font-weight:400;src:url(/assets/roboto-latin-400-normal-a1.woff2)format("woff2");unicode-range:U+??,U+131,U+2000-206F}' +
  '@font-face{font-family:Roboto;font-weight:400;src:url(/assets/roboto-latin-ext-400-normal-b2.woff2)format("woff2");unicode-range:U+100-2BA,U+1E00-1E9F}';
const BOOT_JS =
  "(function () { 'use strict'; document.documentElement.dataset.booted = ''; })();\n";

/**
 * Stands in for the web build's server render (apps/web/src/app/entry-server.tsx): it writes the
 * URL it rendered, the product name and whom for, with a title and styles as React and Emotion
 * give them.
 */
const ECHO_RENDER = `
export const renderPage = async ({ url, appName, user }) => ({
  head: '<title>Página · ' + appName.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</title>',
  styles: '<style data-emotion="css a1">.css-a1{color:#6200ea}</style>',
  html: '<main class="css-a1"><h1>' + url + '</h1><p>' + (user ? user.name : 'anónimo') + '</p></main>',
  state: '<script type="application/json" id="app-state">{}</script>',
});
`;

describe('the pages’ documents (decision 045)', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'um-document-'));
    await mkdir(path.join(dist, 'assets'));
    await mkdir(path.join(dist, '.vite'));
    await mkdir(path.join(dist, '.ssr'));
    await writeFile(path.join(dist, 'boot.js'), BOOT_JS);
    await writeFile(path.join(dist, 'assets', 'main-f1.css'), FONT_CSS);
    await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    await writeFile(path.join(dist, '.ssr', 'entry-server.js'), ECHO_RENDER);
    ctx = await createTestApp({ config: { webDistDir: dist, appName: 'Mercado <Uni> & "Co"' } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  const NAME = 'Mercado &lt;Uni&gt; &amp; &quot;Co&quot;';
  const get = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });

  it('writes the render’s markup, title, styles and state into the page, with the configured name', async () => {
    const res = await get('/login');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = decoded(res);
    expect(html).toContain(
      '<div id="root"><main class="css-a1"><h1>/login</h1><p>anónimo</p></main></div><script type="application/json" id="app-state">{}</script>',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Página · Mercado &lt;Uni> &amp; "Co"</title>');
    expect(head).toContain('<style data-emotion="css a1">.css-a1{color:#6200ea}</style>');
    expect(head).toContain(`<meta name="application-name" content="${NAME}" />`);
    expect(head).toContain(
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
    );
  });

  it('writes the boot script and the fonts into every page, with the script allowed by its hash', async () => {
    const hash = createHash('sha256').update(BOOT_JS).digest('base64');
    for (const url of ['/login', '/profile', '/no/such/page']) {
      const res = await get(url);
      const html = decoded(res);
      expect(html, url).toContain(`<script>${BOOT_JS}</script>`);
      expect(html, url).not.toContain('src="/boot.js"');
      expect(html, url).toContain(`<style>${FONT_CSS}</style>`);
      expect(html, url).not.toContain('rel="stylesheet"');
      // The Latin file every Spanish text needs arrives with the page; the extended one on demand.
      expect([...html.matchAll(/<link rel="preload" as="font"[^>]*>/g)].map((m) => m[0])).toEqual([
        '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/roboto-latin-400-normal-a1.woff2">',
      ]);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain(`script-src 'self' 'sha256-${hash}';`);
      expect(csp, url).not.toContain("unsafe-inline';script");
    }
  });

  it('answers paths that are no page with the app’s render of them and status 404', async () => {
    for (const url of ['/no/such/page', '/loginx']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      // One render for every such path (the app's not-found page does not depend on it).
      expect(decoded(res)).toContain('<h1>/no/such/page</h1>');
    }
  });

  it("never serves the build's own records or Vite's page", async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/.ssr/entry-server.js',
      '/%2essr/entry-server.js',
      '/assets/../.vite/manifest.json',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('renderPage');
      expect(res.body, url).not.toContain('isEntry');
    }
  });
});

describe('the WebSocket endpoint with compression on', () => {
  it('opens and speaks STOMP for a client that accepts compressed answers', async () => {
    const ctx = await createTestApp();
    try {
      const { wsUrl } = await listenForSockets(ctx.app);
      const account = await createAccount(ctx);
      const raw = await openRawSocket(wsUrl, { 'accept-encoding': 'gzip, deflate, br' });
      raw.socket.send(
        encodeFrame({
          command: 'CONNECT',
          headers: {
            'accept-version': '1.2',
            host: 'localhost',
            Authorization: `Bearer ${account.token}`,
          },
          body: '',
        }),
      );
      expect(await raw.waitFor(/^CONNECTED/)).toContain('version:1.2');
      raw.socket.close();
      await raw.closed;
    } finally {
      await ctx.close();
    }
  });
});

/** The web app's `paths` (apps/web/src/config/paths.ts): name → path pattern. */
const readWebPaths = async () => {
  const pathsFile = await readFile(path.join(REPO_ROOT, 'apps/web/src/config/paths.ts'), 'utf8');
  const pathsBlock = /export const paths = \{([\s\S]*?)\}/.exec(pathsFile)?.[1] ?? '';
  return new Map(
    [...pathsBlock.matchAll(/(\w+):\s*'([^']+)'/g)].map((match) => [match[1], match[2]]),
  );
};

describe('the shared route table', () => {
  it('names a module of the web app for every page, and the app’s paths are its pages', async () => {
    // The router and scripts/budget.mjs take each page's module from the table.
    for (const route of WEB_ROUTES) {
      await expect(
        access(path.join(REPO_ROOT, 'apps/web/src/app', `${route.page}.tsx`)),
        route.path,
      ).resolves.toBeUndefined();
    }
    const paths = await readWebPaths();
    expect([...new Set(paths.values())].sort()).toEqual(
      WEB_ROUTES.map((route) => route.path).sort(),
    );
  });

  it('matches concrete paths against the patterns', () => {
    expect(matchWebRoute('/products/42')).toBe('/products/:id');
    expect(matchWebRoute('/user/7/')).toBe('/user/:userId');
    expect(matchWebRoute('/')).toBe('/');
    expect(matchWebRoute('/nope')).toBeUndefined();
    expect(isWebRoute('/')).toBe(true);
    expect(isWebRoute('/products/42')).toBe(true);
    expect(isWebRoute('/products/42/')).toBe(true);
    expect(isWebRoute('/products/42/x')).toBe(false);
    expect(isWebRoute('//products')).toBe(false);
    expect(isWebRoute('/robots.txt')).toBe(false);
  });
});
