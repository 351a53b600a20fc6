import { expect, test, type Page } from './support/test';
import { createMember, PASSWORD } from './support/members';

const WRONG_CREDENTIALS = 'Correo electrónico o contraseña incorrectos';

const submitLogin = async (page: Page, email: string, password: string) => {
  await page.getByLabel('Correo Electrónico').fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: /^Iniciar sesión$/i }).click();
};

test('a wrong password or an unknown address says so on the login page, which stays as typed', async ({
  page,
}) => {
  const member = await createMember('Rosa Clave', `rosa.${Date.now()}@uni.edu.co`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');

  const answer = page.waitForResponse((res) => res.url().endsWith('/api/auth/login'));
  await submitLogin(page, member.email, 'no-es-la-clave');
  // Decision 038: 400, not the 401 that spec clients read as "session over".
  expect((await answer).status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText(WRONG_CREDENTIALS);
  await expect(page).toHaveURL(/\/login$/);
  // No reload: what the person typed is still there.
  await expect(page.getByLabel('Correo Electrónico')).toHaveValue(member.email);

  const unknown = page.waitForResponse((res) => res.url().endsWith('/api/auth/login'));
  await submitLogin(page, `nadie.${Date.now()}@uni.edu.co`, 'no-es-la-clave');
  expect((await unknown).status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText(WRONG_CREDENTIALS);

  await submitLogin(page, member.email, PASSWORD);
  await expect(page).toHaveURL(/\/products/);
});
