import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, type TestContext } from '../test/helpers';
import { createProduct } from '../test/products';
import { ANSWER_WAIT_MS, RENDER_WAIT_MS } from './page-render';

const PLACEHOLDER = '__UNIMERCADO_APP_NAME__';
const INDEX = `<!doctype html><html lang="es"><head><meta name="application-name" content="UniMercado" /><title>UniMercado</title><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id="root"><div id="app-shell">shell</div></div></body></html>`;

/**
 * Stands in for the web build's server render (apps/web/src/app/server-render.tsx, tested on its
 * own): it asks the API what the URL names in `?api=` (the product list by default) through the
 * server's transport and writes what it got. It counts its renders in globalThis.
 */
const FAKE_RENDER = `
const counter = () => (globalThis.__pageRenders = (globalThis.__pageRenders ?? 0) + 1);
export const PAGES_WITH_DATA = ['/products', '/products/:id', '/user/:userId'];
export const renderPage = async (url, { fetchApi }) => {
  counter();
  const query = new URL(url, 'http://x').searchParams;
  if (query.has('boom')) throw new Error('boom');
  if (query.has('slow')) await new Promise((resolve) => setTimeout(resolve, ${RENDER_WAIT_MS + 500}));
  const answer = await fetchApi(query.get('api') ?? '/api/products/available?page=0&size=12', {
    method: query.get('method') ?? 'GET',
    headers: { Accept: 'application/json' },
  });
  const text = (await answer.text()).replace(/</g, '&lt;');
  return {
    html: '<main><p>rendered ' + url + ' status=' + answer.status + ' total=' + answer.headers.get('x-total-count') + ' ${PLACEHOLDER}</p><pre>' + text + '</pre></main>',
    head: '<title>Productos · ${PLACEHOLDER}</title>',
  };
};
`;

const renders = () => (globalThis as { __pageRenders?: number }).__pageRenders ?? 0;

describe('pages rendered with their data (decision 036)', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'um-page-render-'));
    await mkdir(path.join(dist, '.vite'), { recursive: true });
    await mkdir(path.join(dist, '.ssr'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, '.ssr', 'server-render.js'), FAKE_RENDER);
    await writeFile(
      path.join(dist, '.vite', 'prerender.json'),
      JSON.stringify({
        appNamePlaceholder: PLACEHOLDER,
        pages: {
          '/products': { html: '<main>skeletons</main>', head: '<title>Productos</title>' },
          '/login': { html: '<main>login form</main>', head: '<title>Iniciar sesión</title>' },
        },
      }),
    );
    ctx = await createTestApp({
      config: { webDistDir: dist, appName: 'Mercado & Co' },
      rateLimits: { pageRendersPerIp: { max: 6, windowMs: 60_000 } },
      // An API call that never answers (a stuck query).
      configure: (app) => app.get('/api/test/stuck', () => new Promise(() => undefined)),
    });
    const seller = await createAccount(ctx, { verified: true });
    await createProduct(ctx, seller, { title: 'Bicicleta de ruta' });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
    ctx.app.inject({ method: 'GET', url, headers, remoteAddress });

  it('writes the page with the answers an anonymous visitor gets, in the page’s HTML', async () => {
    const res = await get('/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      '<div id="app-page"><main><p>rendered /products status=200 total=1 Mercado &#38; Co</p>',
    );
    expect(res.body).toContain('Bicicleta de ruta');
    expect(res.body).toContain('<title>Productos · Mercado &#38; Co</title>');
    expect(res.body).toContain('<template id="app-code">');
  });

  it('asks nothing in a visitor’s name: no session, no token, whatever the request carried', async () => {
    const res = await get(
      '/products/1?api=/api/favorites',
      { authorization: 'Bearer forged' },
      '10.0.0.2',
    );
    expect(res.body).toContain('status=401');
  });

  it('sends the prerendered page to a visitor with a session, and on pages that are not data', async () => {
    const signedIn = await get('/products', { cookie: 'theme=x; um_session=abc' }, '10.0.0.3');
    expect(signedIn.body).toContain('<div id="app-page"><main>skeletons</main></div>');
    const login = await get('/login', {}, '10.0.0.3');
    expect(login.body).toContain('<div id="app-page"><main>login form</main></div>');
  });

  it('reuses a page rendered moments ago instead of rendering it again', async () => {
    const before = renders();
    const first = await get('/products/1?v=cache', {}, '10.0.0.4');
    const second = await get('/products/1?v=cache', {}, '10.0.0.5');
    expect(second.body).toBe(first.body);
    expect(renders()).toBe(before + 1);
  });

  it('renders again after a product changes, and keeps no render begun before the change', async () => {
    const seller = await createAccount(ctx, { verified: true });
    const before = await get('/products?v=change', {}, '10.0.0.11');
    expect(before.body).not.toContain('Lámpara de escritorio');
    await createProduct(ctx, seller, { title: 'Lámpara de escritorio' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await get('/products?v=change', {}, '10.0.0.11')).body).toContain(
      'Lámpara de escritorio',
    );

    // A render still running when a product changes is sent, but not reused.
    const slow = get('/products?v=change&slow=1', {}, '10.0.0.12');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await createProduct(ctx, seller, { title: 'Flexo articulado' });
    await slow;
    await new Promise((resolve) => setTimeout(resolve, RENDER_WAIT_MS));
    const count = renders();
    expect((await get('/products?v=change&slow=1', {}, '10.0.0.12')).statusCode).toBe(200);
    expect(renders()).toBe(count + 1);
    // That render goes on after its answer: let it end before the next test.
    await new Promise((resolve) => setTimeout(resolve, 800));
  }, 15_000);

  it('falls back to the prerendered page, never an error, when a render fails, writes or is slow', async () => {
    for (const url of ['/products?boom=1', '/products?method=POST&api=/api/favorites']) {
      const res = await get(url, {}, '10.0.0.6');
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="app-page"><main>skeletons</main></div>');
    }
    const started = Date.now();
    const slow = await get('/products?slow=1', {}, '10.0.0.7');
    expect(Date.now() - started).toBeLessThan(RENDER_WAIT_MS + 400);
    expect(slow.body).toContain('skeletons');
    // It was kept when it finished.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await get('/products?slow=1', {}, '10.0.0.7')).body).toContain(
      'rendered /products?slow=1',
    );
  });

  it('stops waiting for an answer that never comes, and renders again after it', async () => {
    const stuck = await get('/products?api=/api/test/stuck', {}, '10.0.0.10');
    expect(stuck.body).toContain('skeletons');
    await new Promise((resolve) => setTimeout(resolve, ANSWER_WAIT_MS - RENDER_WAIT_MS + 300));
    expect((await get('/products?page=77', {}, '10.0.0.10')).body).toContain('rendered');
  }, 15_000);

  it('renders at most so many pages for one address, then sends prerendered ones (not a 429)', async () => {
    const bodies = [];
    for (let index = 0; index < 8; index += 1) {
      bodies.push((await get(`/products?page=${index + 2}`, {}, '10.0.0.8')).body);
    }
    expect(bodies.filter((body) => body.includes('rendered /products')).length).toBe(6);
    expect(bodies.slice(6).every((body) => body.includes('skeletons'))).toBe(true);
    // Another address is not held back.
    expect((await get('/products?page=30', {}, '10.0.0.9')).body).toContain('rendered');
  });
});
