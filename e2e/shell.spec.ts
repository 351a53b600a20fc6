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

test('an unknown path shows the 404 page, with a 404 status', async ({ page }) => {
  const response = await page.goto('/esta-ruta-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404 - Página no encontrada')).toBeVisible();
});

test('the app arrives compressed and robots.txt is a real one', async ({ request }) => {
  const home = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(home.headers()['content-encoding']).toBe('br');
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(await home.text())?.[1];
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
