import { expect, test } from './support/test';

const APP_NAME = 'UniMercado';

test('the home page shows the product name and the signed-out actions', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: new RegExp(APP_NAME) })).toBeVisible();
  await expect(
    banner
      .getByRole('link', { name: 'Iniciar' })
      .or(banner.getByRole('button', { name: 'Iniciar' })),
  ).toBeVisible();
  await expect(
    banner
      .getByRole('link', { name: 'Registrarse' })
      .or(banner.getByRole('button', { name: 'Registrarse' })),
  ).toBeVisible();
});

test('an unknown path shows the 404 page, with a 404 status', async ({ page }) => {
  const response = await page.goto('/esta-ruta-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404 - Página no encontrada')).toBeVisible();
});

test('the app arrives compressed and robots.txt is a real one', async ({ request }) => {
  const home = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(home.headers()['content-encoding']).toBe('br');
  // The server's page names the app's entry as a module script (decision 045).
  const script = /<script type="module" crossorigin src="([^"]+\.js)"><\/script>/.exec(
    await home.text(),
  )?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script!, { headers: { 'accept-encoding': 'gzip, br' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['vary']).toContain('accept-encoding');
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toContain('Disallow: /admin-panel');
});

test('an unknown API path answers the JSON error body', async ({ request }) => {
  const response = await request.get('/api/no-existe');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
});

test.describe('narrow layout at 390px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows no bottom bar when signed out', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('banner').getByRole('link', { name: new RegExp(APP_NAME) }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Accesos rápidos' })).toHaveCount(0);
    // Nothing scrolls sideways on a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('a protected page sends a signed-out visitor to the login', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('while the code loads, and when it cannot (issue 7)', () => {
  test("a page's code that cannot load later (a deploy replaced it, or no connection) keeps the top bar and offers Recargar", async ({
    page,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Registrarse' })).toBeVisible();
    // After a deploy the old page's chunk answers 404.
    await page.route('**/assets/register-*.js', (route) =>
      route.fulfill({ status: 404, body: '' }),
    );
    await banner.getByRole('link', { name: 'Registrarse' }).click();
    await expect(page.getByRole('heading', { name: 'No se pudo cargar la página' })).toBeVisible();
    // Vite's vite:preloadError: the notice says it too, wherever the failed code was.
    await expect(page.getByRole('alert')).toContainText('Recarga la página para seguir.');
    await expect(banner.getByRole('link', { name: 'Iniciar' })).toBeVisible();
    await page.unroute('**/assets/register-*.js');
    await page.getByRole('button', { name: 'Recargar' }).first().click();
    await expect(page.getByRole('button', { name: 'Crear Cuenta' })).toBeVisible();
  });

  test('the pages log no console error (the CSP no longer blocks zod)', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    for (const path of ['/', '/login', '/register', '/products']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
    }
    // The login form's validation (zod) runs on submit.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Por favor complete todos los campos')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
