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
const INDEX_HTML = `<!doctype html><html><head><meta name="application-name" content="UniMercado" /><title>UniMercado</title><meta name="description" content="Compra y vende" /><style>${'.x{color:#123}'.repeat(120)}</style></head><body><div id="root"></div></body></html>`;

describe('compressed answers and the built web app', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'um-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), BUNDLE);
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
    await writeFile(path.join(dist, 'assets', 'tiny-abc123.js'), 'x');
    // What scripts/route-preloads.mjs writes: each page's own code beyond the entry's.
    await mkdir(path.join(dist, '.vite'));
    await writeFile(
      path.join(dist, '.vite', 'route-preloads.json'),
      JSON.stringify({
        '/': ['assets/home-h1.js'],
        '/products/:id': ['assets/product-detail-d1.js', 'assets/gallery-g1.js'],
        '/login': [],
      }),
    );
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

  it('never serves source maps or the compressed copies by their own names', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.br',
      '/assets/index-abc123.js.gz',
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

  it('preloads the code of the page asked for, and only that page’s', async () => {
    const page = async (url: string) => decoded(await ctx.app.inject({ method: 'GET', url }));
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (match) => match[1],
      );
    expect(preloads(await page('/products/12'))).toEqual([
      '/assets/product-detail-d1.js',
      '/assets/gallery-g1.js',
    ]);
    expect(preloads(await page('/'))).toEqual(['/assets/home-h1.js']);
    expect(preloads(await page('/index.html'))).toEqual(['/assets/home-h1.js']);
    expect(preloads(await page('/login'))).toEqual([]);
    expect(preloads(await page('/products'))).toEqual([]);
    expect(preloads(await page('/no/such/page'))).toEqual([]);
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

// What the real build writes (apps/web/index.html, scripts/prerender.mjs), in small.
const PRERENDER_INDEX = `<!doctype html><html lang="es"><head><meta name="application-name" content="UniMercado" /><title>UniMercado</title><link rel="stylesheet" crossorigin href="/assets/index-f1.css"><script src="/boot.js"></script><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id="root"><div id="app-shell">shell</div></div></body></html>`;
const FONT_CSS =
  '@font-face{font-family:Roboto;font-weight:400;src:url(/assets/roboto-latin-400-normal-a1.woff2)format("woff2");unicode-range:U+??,U+131,U+2000-206F}' +
  '@font-face{font-family:Roboto;font-weight:400;src:url(/assets/roboto-latin-ext-400-normal-b2.woff2)format("woff2");unicode-range:U+100-2BA,U+1E00-1E9F}';
const BOOT_JS =
  "(function () { 'use strict'; document.documentElement.dataset.booted = ''; })();\n";
const PLACEHOLDER = '__UNIMERCADO_APP_NAME__';

describe('prerendered pages (decision 034)', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'um-prerender-'));
    await mkdir(path.join(dist, 'assets'));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, 'index.html'), PRERENDER_INDEX);
    await writeFile(path.join(dist, 'boot.js'), BOOT_JS);
    await writeFile(path.join(dist, 'assets', 'index-f1.css'), FONT_CSS);
    await writeFile(
      path.join(dist, '.vite', 'route-preloads.json'),
      JSON.stringify({ '/login': ['assets/login-l1.js'], '/profile': ['assets/profile-p1.js'] }),
    );
    await writeFile(
      path.join(dist, '.vite', 'prerender.json'),
      JSON.stringify({
        appNamePlaceholder: PLACEHOLDER,
        pages: {
          '/login': {
            html: `<header><a aria-label="${PLACEHOLDER}, ir al inicio" href="/">${PLACEHOLDER}</a></header><main><h1>Iniciar sesión</h1><p>Bienvenido de nuevo a ${PLACEHOLDER}</p><p>$&amp; $' $1</p></main>`,
            head: `<title>Iniciar sesión · ${PLACEHOLDER}</title><style data-emotion="css a1">.css-a1{color:#6200ea}</style>`,
          },
          '*': {
            html: '<main><h1>Página no encontrada</h1></main>',
            head: `<title>Página no encontrada · ${PLACEHOLDER}</title><style data-emotion="css n1">.css-n1{margin:0}</style>`,
          },
        },
      }),
    );
    ctx = await createTestApp({ config: { webDistDir: dist, appName: 'Mercado <Uni> & "Co"' } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  const NAME = 'Mercado &#60;Uni&#62; &#38; &#34;Co&#34;';
  const get = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });

  it('paints the page from its HTML: its markup, title and styles, with the configured name', async () => {
    const res = await get('/login');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = decoded(res);
    expect(html).toContain(
      `<div id="root"><div id="app-page"><header><a aria-label="${NAME}, ir al inicio" href="/">${NAME}</a></header><main><h1>Iniciar sesión</h1><p>Bienvenido de nuevo a ${NAME}</p><p>$&amp; $' $1</p></main></div><div id="app-shell">shell</div></div>`,
    );
    expect(html).toContain(`<title>Iniciar sesión · ${NAME}</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style data-emotion="css a1">.css-a1{color:#6200ea}</style>');
    expect(html).not.toContain(PLACEHOLDER);
  });

  it('runs the app only once the page is painted: its code waits, inert and at low priority', async () => {
    const html = decoded(await get('/login'));
    expect(html).not.toContain('<script type="module"');
    const code = /<template id="app-code">(.*?)<\/template>/.exec(html)?.[1];
    expect(code).toBe(
      '<link rel="modulepreload" fetchpriority="low" data-app-entry crossorigin href="/assets/index-e1.js">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/login-l1.js">',
    );
    // Nothing outside the template asks for the code.
    expect(html.replace(/<template id="app-code">.*?<\/template>/, '')).not.toMatch(/\.js"/);
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

  it('keeps the light shell and the code as it was on pages that are not prerendered', async () => {
    const html = decoded(await get('/profile'));
    expect(html).toContain('<div id="root"><div id="app-shell">shell</div></div>');
    expect(html).not.toContain('app-page');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-e1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/profile-p1.js">');
    expect(html).toContain(`<title>${NAME}</title>`);
  });

  it('answers paths that are no page with the prerendered not-found page and status 404', async () => {
    for (const url of ['/no/such/page', '/loginx']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = decoded(res);
      expect(html).toContain('<div id="app-page"><main><h1>Página no encontrada</h1></main></div>');
      expect(html).toContain(`<title>Página no encontrada · ${NAME}</title>`);
    }
  });

  it("never serves the build's own records", async () => {
    for (const url of [
      '/.vite/prerender.json',
      '/.vite/route-preloads.json',
      '/%2evite/prerender.json',
      '/assets/../.vite/prerender.json',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain(PLACEHOLDER);
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
