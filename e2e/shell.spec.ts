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
