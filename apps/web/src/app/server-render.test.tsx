// @vitest-environment node
import type { PageState } from './page-state';
import { describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/products';
import { PRERENDERED_PAGES, renderPage } from './server-render';

/** Every Emotion class the markup uses, and the ids the page's style elements carry. */
const classesOf = (html: string) =>
  new Set(Array.from(html.matchAll(/\bcss-([a-zA-Z0-9_-]+)/g), (match) => match[1] ?? ''));
const styledIds = (head: string) =>
  new Set(
    Array.from(head.matchAll(/<style data-emotion="css ([^"]*)">/g), (match) =>
      (match[1] ?? '').split(' '),
    ).flat(),
  );

const textOf = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the prerendered first paint (decision 034)', () => {
  it('renders every listed page as an anonymous visitor sees it, styled, without a browser', async () => {
    for (const { url } of PRERENDERED_PAGES) {
      const page = await renderPage(url);
      // The top bar of a visitor without a session, and the page's own content.
      expect(textOf(page.html), url).toContain('Iniciar');
      expect(textOf(page.html), url).toContain('Registrarse');
      expect(page.html, url).toMatch(/<main[^>]*id="contenido"/);
      // Every class the markup uses has its rules in the page.
      const ids = styledIds(page.head);
      const missing = [...classesOf(page.html)].filter((id) => !ids.has(id));
      expect(missing, url).toEqual([]);
      // The global styles (CssBaseline) come along.
      expect(page.head, url).toContain('<style data-emotion="css-global');
      // No script: the page's CSP allows only the boot script.
      expect(page.html, url).not.toMatch(/<script/i);
      // No autofocus: on a phone it would open the keyboard over the prerendered form.
      expect(page.html.toLowerCase(), url).not.toContain('autofocus');
    }
  });

  it('renders the page itself, not the skeleton shown while its code loads', async () => {
    const login = await renderPage('/login');
    expect(login.head).toMatch(/^<title>Iniciar sesión · [^<]+<\/title>/);
    expect(login.html).toMatch(/<h1[^>]*>Iniciar sesión<\/h1>/);
    expect(login.html).toContain('name="email"');
    expect(login.html).toContain('name="password"');
    expect(login.html).not.toContain('aria-busy="true"');

    const register = await renderPage('/register');
    expect(register.html).toMatch(/<h1[^>]*>Crear cuenta<\/h1>/);

    const home = await renderPage('/');
    expect(home.html).toMatch(/<h1[^>]*>/);
  });

  it('shows the loading state of pages whose content is data, the same for every id', async () => {
    for (const { url } of PRERENDERED_PAGES.filter((page) => page.route.includes(':'))) {
      const page = await renderPage(url);
      expect(page.html, url).toContain('aria-busy="true"');
      expect(textOf(page.html), url).not.toMatch(/no fue encontrad|no existe/i);
    }
  });

  it('renders the not-found page for paths that are no page', async () => {
    const page = await renderPage('/pagina-que-no-existe');
    expect(page.html).toMatch(/<h1[^>]*>/);
    expect(textOf(page.html)).toMatch(/no (existe|encontr)/i);
  });
});

/** The page's state as the server writes it, read back as the browser does. */
const stateOf = (head: string): PageState => {
  const json = /<script type="application\/json" id="app-state">(.*?)<\/script>/s.exec(head)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json ?? '') as PageState;
};

/** Answers the app's API calls as the server does in-process: path -> [status, body, total]. */
const answering = (routes: Record<string, [number, unknown, number?]>) =>
  vi.fn((url: string, init: RequestInit) => {
    const { pathname } = new URL(url, 'http://localhost');
    expect(init.method ?? 'GET').toBe('GET');
    expect(new Headers(init.headers).has('authorization')).toBe(false);
    const [status, body, total] = routes[pathname] ?? [
      404,
      { error: 'No encontrado', code: 'NOT_FOUND' },
    ];
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: {
          'content-type': 'application/json',
          ...(total === undefined ? {} : { 'x-total-count': String(total) }),
        },
      }),
    );
  });

describe('pages rendered with their data (decision 036)', () => {
  it('renders the product list with its cards, and hands the browser the same answers', async () => {
    const products = [
      makeProduct({ title: 'Bicicleta de ruta', price: 850000 }),
      makeProduct({ title: 'Calculadora científica', price: 70000 }),
    ];
    const fetchApi = answering({ '/api/products/available': [200, products, 2] });
    const page = await renderPage('/products', { fetchApi });
    const text = textOf(page.html);
    expect(text).toContain('Bicicleta de ruta');
    expect(text).toContain('$ 850.000');
    expect(text).toContain('Calculadora científica');
    expect(page.html).not.toContain('aria-busy="true"');
    // The photo is in the page, so it loads with it.
    expect(page.html).toContain(products[0]?.images[0]?.thumbnailUrl);
    const state = stateOf(page.head);
    expect(state.parts).toEqual(expect.arrayContaining(['page:/products', 'product-list']));
    expect(state.answers?.map((answer) => answer.queryKey)).toEqual([
      ['products', 'available', { page: 0, size: 12 }],
    ]);
    expect(state.answers?.[0]?.data).toMatchObject({ total: 2 });
    expect(state.answers?.[0]?.updatedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('asks only for what an anonymous visitor sees: no favourites, no notifications', async () => {
    const fetchApi = answering({ '/api/products/available': [200, [makeProduct()], 1] });
    await renderPage('/products', { fetchApi });
    const asked = fetchApi.mock.calls.map(([url]) => new URL(url, 'http://localhost').pathname);
    expect(asked).toEqual(['/api/products/available']);
  });

  it('keeps what sellers write from ending the state or the page', async () => {
    const title = '</script><script>alert(1)</script>';
    const fetchApi = answering({
      '/api/products/available': [200, [makeProduct({ title, description: '<!-- x' })], 1],
    });
    const page = await renderPage('/products', { fetchApi });
    expect(page.html).not.toMatch(/<script/i);
    expect(page.head.match(/<script/g)).toHaveLength(1);
    expect(page.head).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(stateOf(page.head).answers?.[0]?.data).toMatchObject({
      items: [expect.objectContaining({ title })],
    });
  });

  it('refuses to render a page whose answer failed (the server then sends the prerendered one)', async () => {
    const fetchApi = answering({
      '/api/products/available': [500, { error: 'Error en el servidor', code: 'INTERNAL' }],
    });
    await expect(renderPage('/products', { fetchApi })).rejects.toThrow(/no answer/);
    // An unknown product too: the browser shows its not-found page itself.
    await expect(renderPage('/products/404', { fetchApi })).rejects.toThrow(/no answer/);
  });

  it('renders a product and its seller’s page from their answers', async () => {
    const product = makeProduct({ id: 7, title: 'Silla ergonómica', sellerId: 5 });
    const product_ = await renderPage('/products/7', {
      fetchApi: answering({ '/api/products/7': [200, product] }),
    });
    expect(product_.html).toMatch(/<h1[^>]*>Silla ergonómica<\/h1>/);
    const seller = makeProduct({ title: 'Guitarra acústica', sellerId: 5 });
    const fetchApi = answering({
      '/api/users/5': [
        200,
        { id: 5, name: 'Camila Torres', email: null, phone: null, roles: ['ROLE_USER'] },
      ],
      '/api/users/5/stats': [
        200,
        { productsSold: 3, productsBought: 1, averageRating: 4.5, totalReviews: 2 },
      ],
      '/api/reviews': [200, [], 0],
      '/api/products': [200, [seller], 1],
    });
    const profile = await renderPage('/user/5', { fetchApi });
    expect(profile.html).toMatch(/<h1[^>]*>.*Camila Torres.*<\/h1>/);
    // The listings are asked for once the profile is there: a second round.
    expect(textOf(profile.html)).toContain('Guitarra acústica');
  });
});
