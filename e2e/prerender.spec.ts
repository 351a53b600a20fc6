import { expect, test, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/env';
import { createMember, PASSWORD } from './support/members';

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
  const categories = (await (await fetch(`${E2E_BASE_URL}/api/categories`)).json()) as {
    id: number;
  }[];
  const title = `Lámpara de escritorio ${Date.now().toString(36).slice(-5)}`;
  const created = await fetch(`${E2E_BASE_URL}/api/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` },
    body: JSON.stringify({
      title,
      description: 'Luz cálida, brazo articulado.',
      price: 45000,
      status: 'Seminuevo',
      location: 'Residencias',
      categoryId: categories[0]?.id,
    }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };

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
