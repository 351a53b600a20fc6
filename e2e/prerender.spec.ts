import { expect, test, type Page } from '@playwright/test';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { createMember, PASSWORD } from './support/members';
import { publishProduct } from './support/products';

/**
 * The first paint of the public pages is in their HTML (issue 7, docs/decisions/034): it shows
 * before any of the app's code has arrived, keeps what is typed into it, and the app takes over
 * without going back to a loading skeleton.
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

/** Records whether the page's loading skeleton (RouteBoundary's) ever shows. */
const watchForSkeleton = (page: Page) =>
  page.addInitScript(() => {
    const record = () => {
      if (document.querySelector('main [role="status"][aria-label="Cargando"]')) {
        (window as unknown as { sawSkeleton: boolean }).sawSkeleton = true;
      }
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true });
  });

test('a visitor sees the login page, types and signs in before its code arrives; nothing is lost', async ({
  page,
}) => {
  const member = await createMember('Paula Prerender', `paula.prerender.${Date.now()}@uni.edu`);
  await watchForSkeleton(page);
  const release = await holdCode(page);
  await page.goto('/login', { waitUntil: 'commit' });

  await expect(page).toHaveTitle(/^Iniciar sesión · /);
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Registrarse' })).toBeVisible();
  await page.getByLabel('Correo Electrónico').fill(member.email);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  // Enter before the app runs: the form is not sent natively (the password never goes into the
  // address); the app sends it once it has taken over.
  await page.getByLabel(/^Contraseña/).press('Enter');
  expect(new URL(page.url()).search).toBe('');

  release();
  await expect(page).toHaveURL(/\/products$/);
  expect(page.url()).not.toContain(PASSWORD);
  await expect(page.locator('#app-page')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { sawSkeleton?: boolean }).sawSkeleton),
  ).toBeFalsy();
});

test('public pages are whole before their code: heading, top bar and the skeletons of their lists', async ({
  page,
}) => {
  const release = await holdCode(page);
  for (const [path, heading] of [
    ['/register', 'Crear cuenta'],
    ['/products', 'Productos disponibles'],
    ['/forgot-password', null],
  ] as const) {
    await page.goto(path, { waitUntil: 'commit' });
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1, path).toBeVisible();
    if (heading) await expect(h1, path).toHaveText(heading);
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Iniciar' }),
      path,
    ).toBeVisible();
  }
  release();
});

test('a visitor with a session sees the light shell, never the signed-out top bar', async ({
  page,
}) => {
  const member = await createMember('Simón Sesión', `simon.sesion.${Date.now()}@uni.edu`);
  await page.goto('/robots.txt');
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    {
      token: member.token,
      user: {
        id: member.id,
        name: member.name,
        email: member.email,
        roles: ['ROLE_USER'],
        verified: true,
      },
    },
  );
  const release = await holdCode(page);
  await page.goto('/products', { waitUntil: 'commit' });
  await expect(page.locator('#app-shell .shell-skeleton')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Registrarse' })).toHaveCount(0);
  release();
  // The app shows this member's own top bar.
  await expect(page.getByRole('button', { name: 'SS, abrir menú de usuario' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Registrarse' })).toHaveCount(0);
});

test('what is typed before the code arrives stays in the app’s fields, with the focus', async ({
  page,
}) => {
  const release = await holdCode(page);
  await page.goto('/register', { waitUntil: 'commit' });
  await page.getByLabel(/^Correo Electrónico/).fill('lucia.temprana@uni.edu');
  await page.getByLabel('Teléfono (Opcional)').fill('+57 300 111 2222');
  await page.getByLabel(/^Nombre completo/).fill('Lucía Temprana');
  release();
  await expect(page.locator('#app-page')).toHaveCount(0);
  // Every field, not only the last one typed into, and the app's state has them (its progress).
  await expect(page.getByLabel(/^Nombre completo/)).toHaveValue('Lucía Temprana');
  await expect(page.getByLabel(/^Correo Electrónico/)).toHaveValue('lucia.temprana@uni.edu');
  await expect(page.getByLabel('Teléfono (Opcional)')).toHaveValue('+57 300 111 2222');
  await expect(page.getByLabel(/^Nombre completo/)).toBeFocused();
  await expect(page.getByText('60%')).toBeVisible();
});

test('a product list is in the page with its products before the code arrives, and stays as the app takes over', async ({
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

  await watchForSkeleton(page);
  const release = await holdCode(page);
  await page.goto('/products', { waitUntil: 'commit' });
  const card = page.getByRole('link', { name: new RegExp(title) });
  await expect(card).toBeVisible();
  await expect(page.getByText('$ 45.000').first()).toBeVisible();
  // Its own page too: the product, not a skeleton.
  await page.goto(`/products/${id}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  release();
  await expect(page.locator('#app-page')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { sawSkeleton?: boolean }).sawSkeleton),
  ).toBeFalsy();
});

/** Issue 7's budget for the JavaScript a page needs before the app's first render (scripts/budget.mjs). */
const JS_BUDGET_BYTES = 150 * 1024;

test('a page rendered with its data is taken over with at most 150 KB of JavaScript (brotli)', async ({
  page,
  request,
}) => {
  // The build's own route table (`npm run budget`) counts each route's chunks; a page the server
  // rendered with its data also needs the code of the parts it shows (the cards, the pagination)
  // before the app can take it over without going back to skeletons (decision 036).
  const seller = await createMember('Bruno Budget', `bruno.budget.${Date.now()}@uni.edu`);
  const title = `Silla ergonómica ${Date.now().toString(36).slice(-5)}`;
  const id = await publishProduct(seller, {
    title,
    description: 'Regulable en altura, con apoyabrazos.',
    price: 120000,
    status: 'Usado',
    location: 'Biblioteca',
  });

  // When the app's root replaces the server's page, and whether the page came with its data.
  await page.addInitScript(() => {
    const seen = window as unknown as { takenOverAt?: number; withData?: boolean };
    document.addEventListener('DOMContentLoaded', () => {
      seen.withData = document.getElementById('app-state') !== null;
    });
    new MutationObserver(() => {
      if (seen.takenOverAt === undefined && document.readyState !== 'loading') {
        if (document.getElementById('app-page') === null) seen.takenOverAt = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
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

  for (const path of ['/products', `/products/${id}`, '/', `/user/${seller.id}`]) {
    await page.goto(path);
    await expect(page.getByText(title).first()).toBeVisible();
    await page.waitForFunction(
      () => (window as unknown as { takenOverAt?: number }).takenOverAt !== undefined,
    );
    const { withData, scripts } = await page.evaluate(() => {
      const seen = window as unknown as { takenOverAt: number; withData: boolean };
      return {
        withData: seen.withData,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\.js(?:\?|$)/.test(entry.name))
          .filter((entry) => (entry as PerformanceResourceTiming).responseEnd <= seen.takenOverAt)
          .map((entry) => entry.name),
      };
    });
    expect(withData, `${path} is rendered with its data`).toBe(true);
    let total = 0;
    for (const url of scripts) total += await brotliSize(url);
    expect(total, `${path}: ${scripts.length} files`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  }
});
