import { expect, test } from '@playwright/test';

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

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/esta-ruta-no-existe');
  await expect(page.getByText('404 - Página no encontrada')).toBeVisible();
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
  test('shows the light shell, then the connection message with a working Reintentar', async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.abort('connectionrefused');
    });
    await page.goto('/', { waitUntil: 'commit' });
    // Before any script arrives: the top bar's name and a skeleton, not a white page.
    await expect(page.getByRole('banner').getByText(APP_NAME)).toBeVisible();
    await expect(page.locator('#app-shell .shell-skeleton')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'No se pudo conectar' })).toBeVisible();
    await expect(
      page.getByText('No se pudo conectar con el servidor. Por favor, verifica tu conexión.'),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByText(APP_NAME)).toBeVisible();

    await page.unroute('**/assets/*.js');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Registrarse' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No se pudo conectar' })).toHaveCount(0);
  });

  test("a page's code that cannot load later keeps the top bar and offers Reintentar", async ({
    page,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Registrarse' })).toBeVisible();
    await page.route('**/assets/register-*.js', (route) => route.abort('connectionrefused'));
    await banner.getByRole('link', { name: 'Registrarse' }).click();
    await expect(page.getByRole('heading', { name: 'No se pudo conectar' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Iniciar' })).toBeVisible();
    await page.unroute('**/assets/register-*.js');
    await page.getByRole('button', { name: 'Reintentar' }).click();
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
