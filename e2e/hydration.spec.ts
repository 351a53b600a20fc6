import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { createMember, PASSWORD, signIn } from './support/members';
import { publishProduct } from './support/products';
import { expect, test, type Page } from './support/test';

/**
 * Every page is rendered by the server and hydrated by the browser (issue 19, decision 045): the
 * page is whole before its code, React attaches to the same DOM (nothing typed, focused or read
 * is lost), and React reports no hydration mismatch (support/test.ts fails any test that sees
 * one).
 */

/** Holds every request for the app's code until `release` is called. */
const holdCode = async (page: Page) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
};

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));

test('typing into a form while the page hydrates: nothing typed is lost (with the page’s code delayed)', async ({
  page,
}) => {
  const release = await holdCode(page);
  await page.goto('/register', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
  await page.getByLabel(/^Correo Electrónico/).fill('lucia.temprana@uni.edu');
  await page.getByLabel('Teléfono (Opcional)').fill('+57 300 111 2222');
  await page.getByLabel(/^Nombre completo/).fill('Lucía Temprana');
  release();
  await hydrated(page);
  // And while it hydrates: keys typed right after the code arrives.
  await page.getByLabel(/^Nombre completo/).press('End');
  await expect(page.getByLabel(/^Nombre completo/)).toHaveValue('Lucía Temprana');
  await expect(page.getByLabel(/^Correo Electrónico/)).toHaveValue('lucia.temprana@uni.edu');
  await expect(page.getByLabel('Teléfono (Opcional)')).toHaveValue('+57 300 111 2222');
  await expect(page.getByLabel(/^Nombre completo/)).toBeFocused();
  // The app's own state has them: its completion bar counts three of five fields.
  await expect(page.getByText('60%')).toBeVisible();
});

test('a form sent before the page is hydrated is sent by the app, never natively', async ({
  page,
}) => {
  const member = await createMember('Paula Pronta', `paula.pronta.${Date.now()}@uni.edu`);
  const release = await holdCode(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Correo Electrónico').fill(member.email);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByLabel(/^Contraseña/).press('Enter');
  // Held: the password never goes into the address.
  expect(new URL(page.url()).search).toBe('');
  release();
  await expect(page).toHaveURL(/\/products$/);
  expect(page.url()).not.toContain(PASSWORD);
});

test('a product list and a product are in the page with their data, and hydration keeps that DOM', async ({
  page,
}) => {
  const seller = await createMember('Rita Rendered', `rita.rendered.${Date.now()}@uni.edu`);
  const title = `Lámpara de escritorio ${Date.now().toString(36).slice(-5)}`;
  const id = await publishProduct(seller, {
    title,
    description: 'Luz cálida, brazo articulado.',
    price: 45000,
    status: 'Seminuevo',
    location: 'Residencias',
  });

  const release = await holdCode(page);
  await page.goto('/products', { waitUntil: 'commit' });
  await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expect(page.getByText('$ 45.000').first()).toBeVisible();
  await page.goto(`/products/${id}`, { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeVisible();
  // Marks the server's heading: hydration attaches to it instead of drawing another.
  await heading.evaluate((element) => {
    (element as HTMLElement & { fromServer?: boolean }).fromServer = true;
  });
  release();
  await hydrated(page);
  await expect(heading).toBeVisible();
  expect(
    await heading.evaluate((element) => (element as { fromServer?: boolean }).fromServer),
  ).toBe(true);
});

test('a signed-in member gets their own top bar from the server, in the wide layout on a desktop', async ({
  browser,
}) => {
  const member = await createMember('Simón Sesión', `simon.sesion.${Date.now()}@uni.edu`);
  const page = await signIn(browser, member);
  await page.setViewportSize({ width: 1280, height: 800 });
  const release = await holdCode(page);
  await page.goto('/products', { waitUntil: 'commit' });
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(page.getByRole('button', { name: 'SS, abrir menú de usuario' })).toBeVisible();
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir menú', exact: true })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Registrarse' })).toHaveCount(0);
  const before = await nav.boundingBox();
  release();
  await hydrated(page);
  // The layout does not switch once the app runs: same bar, same place.
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir menú', exact: true })).toBeHidden();
  expect(await nav.boundingBox()).toEqual(before);
  await expect(page.getByRole('navigation', { name: 'Accesos rápidos' })).toBeHidden();
  await page.context().close();
});

/**
 * JavaScript before a page is hydrated, brotli (issue 19's ceiling; scripts/budget.mjs for every
 * route, with the 155 KB room on public pages by the manifest; decision 051).
 */
const JS_BUDGET_BYTES = 170 * 1024;

test('a public page is hydrated with at most 170 KB of JavaScript (brotli)', async ({
  page,
  request,
}) => {
  const seller = await createMember('Bruno Budget', `bruno.budget.${Date.now()}@uni.edu`);
  const title = `Silla ergonómica ${Date.now().toString(36).slice(-5)}`;
  const id = await publishProduct(seller, {
    title,
    description: 'Regulable en altura, con apoyabrazos.',
    price: 120000,
    status: 'Usado',
    location: 'Biblioteca',
  });
  const sizes = new Map<string, number>();
  const brotliSize = async (url: string) => {
    if (!sizes.has(url)) {
      const body = await (await request.get(url)).body();
      sizes.set(
        url,
        brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      );
    }
    return sizes.get(url) ?? 0;
  };
  for (const path of ['/products', `/products/${id}`, '/', `/user/${seller.id}`, '/search']) {
    await page.goto(path);
    await hydrated(page);
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\.js(?:\?|$)/.test(entry.name))
        .map((entry) => entry.name),
    );
    let total = 0;
    for (const url of scripts) total += await brotliSize(url);
    expect(total, `${path}: ${scripts.length} files`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  }
});
