import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, createTestApp, type TestContext } from '../test/helpers';
import { createProduct } from '../test/products';
import { ANSWER_WAIT_MS, RENDER_CONCURRENCY } from './page-render';

const MANIFEST = {
  'src/app/main.tsx': { file: 'assets/main-e1.js', isEntry: true },
};

/**
 * Stands in for the web build's server render (apps/web/src/app/entry-server.tsx, tested on its
 * own): given `fetchApi`, it asks the API what the URL names in `?api=` (the product list by
 * default) through it and writes what it got; it writes whom it rendered for. It counts its
 * renders, and how many run at once, in globalThis.
 */
const FAKE_RENDER = `
const seen = (globalThis.__pageRenders ??= { count: 0, running: 0, most: 0 });
export const renderPage = async ({ url, appName, user, fetchApi }) => {
  seen.count += 1;
  seen.running += 1;
  seen.most = Math.max(seen.most, seen.running);
  try {
    const query = new URL(url, 'http://x').searchParams;
    if (query.has('slow')) await new Promise((resolve) => setTimeout(resolve, 150));
    if (query.has('boom') && fetchApi) throw new Error('boom');
    let data = 'without data';
    if (fetchApi) {
      const answer = await fetchApi(query.get('api') ?? '/api/products/available?page=0&size=12', {
        method: query.get('method') ?? 'GET',
        headers: { Accept: 'application/json' },
      });
      data = 'status=' + answer.status + ' total=' + answer.headers.get('x-total-count') + ' ' +
        (await answer.text()).replace(/</g, '&lt;');
    }
    return {
      head: '<title>Productos · ' + appName.replace(/&/g, '&amp;') + '</title>',
      styles: '',
      html: '<main><p>rendered ' + url + ' for ' + (user ? user.name : 'nobody') + '</p><pre>' + data + '</pre></main>',
      state: '',
    };
  } finally {
    seen.running -= 1;
  }
};
`;

const seen = () =>
  (globalThis as { __pageRenders?: { count: number; running: number; most: number } })
    .__pageRenders ?? { count: 0, running: 0, most: 0 };

describe('pages rendered for their request (decision 045)', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'um-page-render-'));
    await mkdir(path.join(dist, '.vite'), { recursive: true });
    await mkdir(path.join(dist, '.ssr'));
    await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    await writeFile(path.join(dist, '.ssr', 'entry-server.js'), FAKE_RENDER);
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

  it('renders a data page with the answers an anonymous visitor gets, in the page’s HTML', async () => {
    const res = await get('/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      '<div id="root"><main><p>rendered /products for nobody</p><pre>status=200 total=1',
    );
    expect(res.body).toContain('Bicicleta de ruta');
    expect(res.body).toContain('<title>Productos · Mercado &amp; Co</title>');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/main-e1.js">');
  });

  it('asks nothing in a visitor’s name: no session, no token, whatever the request carried', async () => {
    const res = await get(
      '/products/1?api=/api/favorites',
      { authorization: 'Bearer forged' },
      '10.0.0.2',
    );
    expect(res.body).toContain('status=401');
  });

  it('renders a signed-in member’s page for them, without their data, and never keeps it', async () => {
    const member = await createAccount(ctx, { verified: true, name: 'Marta Sesión' });
    const cookie = `theme=x; um_session=${member.token}`;
    const before = seen().count;
    for (const url of ['/products', '/profile']) {
      const res = await get(url, { cookie }, '10.0.0.3');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.body, url).toContain(`rendered ${url} for Marta Sesión</p><pre>without data`);
    }
    // The same page again: rendered again, for them.
    await get('/products', { cookie }, '10.0.0.3');
    expect(seen().count).toBe(before + 3);
    // A cookie that is no valid session is no session: the anonymous page, with its data.
    const forged = await get('/products', { cookie: 'um_session=abc' }, '10.0.0.3');
    expect(forged.body).toContain('for nobody</p><pre>status=200');
    expect(forged.headers['cache-control']).toBe('no-cache');
  });

  it('renders the pages that are not data without data, and a path that is no page with 404', async () => {
    const login = await get('/login', {}, '10.0.0.13');
    expect(login.body).toContain('rendered /login for nobody</p><pre>without data');
    const missing = await get('/no/such/page', {}, '10.0.0.13');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('without data');
    // A product that does not exist: its page, 404, nothing fetched for it.
    const product = await get('/products/999999', {}, '10.0.0.13');
    expect(product.statusCode).toBe(404);
    expect(product.body).toContain('rendered /products/999999 for nobody</p><pre>without data');
  });

  it('keeps a rendered page: visitors opening it together share one render, later ones none', async () => {
    const before = seen().count;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        get('/products?v=together&slow=1', {}, `10.1.0.${index + 1}`),
      ),
    );
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect((await get('/products?v=together&slow=1', {}, '10.1.1.1')).body).toBe(answers[0]?.body);
    expect(seen().count).toBe(before + 1);
  });

  it('renders different pages concurrently, at most RENDER_CONCURRENCY at once', async () => {
    seen().most = 0;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        get(`/products?v=concurrent-${index}&slow=1`, {}, `10.2.0.${index + 1}`),
      ),
    );
    expect(answers.every((res) => res.body.includes('status=200'))).toBe(true);
    expect(seen().most).toBe(RENDER_CONCURRENCY);
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

    // A render still running when a product changes is sent, but not kept.
    // (light-my-request sends a request once it is awaited: start it now.)
    const slow = Promise.resolve(get('/products?v=change&slow=1', {}, '10.0.0.12'));
    // Under load the render may start late: wait until it is running, not a fixed time.
    await vi.waitFor(() => expect(seen().running).toBe(1), { timeout: 5_000, interval: 5 });
    await createProduct(ctx, seller, { title: 'Flexo articulado' });
    await slow;
    const count = seen().count;
    expect((await get('/products?v=change&slow=1', {}, '10.0.0.12')).body).toContain(
      'Flexo articulado',
    );
    expect(seen().count).toBe(count + 1);
  });

  it('sends the page without its data, never an error, when a render with data fails or writes', async () => {
    for (const url of ['/products?boom=1', '/products?method=POST&api=/api/favorites']) {
      const before = seen().count;
      const res = await get(url, {}, '10.0.0.6');
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`rendered ${url} for nobody`);
      expect(res.body, url).toContain('without data');
      // Not kept: the next visitor gets a new try.
      await get(url, {}, '10.0.0.6');
      expect(seen().count, url).toBe(before + 4);
    }
  });

  it('stops waiting for an answer that never comes', async () => {
    const started = Date.now();
    const stuck = await get('/products?api=/api/test/stuck', {}, '10.0.0.10');
    expect(Date.now() - started).toBeLessThan(ANSWER_WAIT_MS + 1_000);
    expect(stuck.statusCode).toBe(200);
    expect(stuck.body).toContain('without data');
  }, 15_000);

  it('renders at most so many pages with data for one address, then pages without (not a 429)', async () => {
    const bodies = [];
    for (let index = 0; index < 8; index += 1) {
      bodies.push((await get(`/products?page=${index + 2}`, {}, '10.0.0.8')).body);
    }
    expect(bodies.filter((body) => body.includes('status=200')).length).toBe(6);
    expect(bodies.slice(6).every((body) => body.includes('without data'))).toBe(true);
    // Another address is not held back.
    expect((await get('/products?page=30', {}, '10.0.0.9')).body).toContain('status=200');
  });
});
