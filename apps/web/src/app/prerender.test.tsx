// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES, prerenderPage } from './prerender';

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
      const page = await prerenderPage(url);
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
    const login = await prerenderPage('/login');
    expect(login.head).toMatch(/^<title>Iniciar sesión · [^<]+<\/title>/);
    expect(login.html).toMatch(/<h1[^>]*>Iniciar sesión<\/h1>/);
    expect(login.html).toContain('name="email"');
    expect(login.html).toContain('name="password"');
    expect(login.html).not.toContain('aria-busy="true"');

    const register = await prerenderPage('/register');
    expect(register.html).toMatch(/<h1[^>]*>Crear cuenta<\/h1>/);

    const home = await prerenderPage('/');
    expect(home.html).toMatch(/<h1[^>]*>/);
  });

  it('shows the loading state of pages whose content is data, the same for every id', async () => {
    for (const { url } of PRERENDERED_PAGES.filter((page) => page.route.includes(':'))) {
      const page = await prerenderPage(url);
      expect(page.html, url).toContain('aria-busy="true"');
      expect(textOf(page.html), url).not.toMatch(/no fue encontrad|no existe/i);
    }
  });

  it('renders the not-found page for paths that are no page', async () => {
    const page = await prerenderPage('/pagina-que-no-existe');
    expect(page.html).toMatch(/<h1[^>]*>/);
    expect(textOf(page.html)).toMatch(/no (existe|encontr)/i);
  });
});
