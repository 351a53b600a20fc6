import { expect, test, type Page } from './support/test';
import { createMember, PASSWORD } from './support/members';

const WRONG_CREDENTIALS = 'Correo electrónico o contraseña incorrectos';
const SESSION_EXPIRED = 'Tu sesión expiró. Inicia sesión de nuevo.';

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
  // A plain visit: nothing expired.
  await expect(page.getByRole('button', { name: /^Iniciar sesión$/i })).toBeVisible();
  await expect(page.getByText(SESSION_EXPIRED)).toHaveCount(0);

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

test('a session that ended elsewhere sends the member to the login page, which says it expired', async ({
  page,
  request,
}) => {
  const member = await createMember('Iván Sesión', `ivan.${Date.now()}@uni.edu.co`);
  await page.goto('/login');
  await submitLogin(page, member.email, PASSWORD);
  await expect(page).toHaveURL(/\/products/);
  // Let the products page finish its calls first: they must not be the ones to find out.
  await page.waitForLoadState('networkidle');

  // The password changes from another device: every other session ends (decision 010).
  const newPassword = 'clave-cambiada-456';
  const changed = await request.put(`/api/users/${member.id}`, {
    headers: { authorization: `Bearer ${member.token}` },
    data: { name: member.name, email: member.email, phone: null, password: newPassword },
  });
  expect(changed.status()).toBe(200);

  // The member goes on using the app: the next call with the old session gets 401, whether it is
  // the member's own (opening Favoritos) or one the app makes by itself (the chat badge, or the
  // real-time connection the server ended with the session), whichever comes first.
  await Promise.race([
    page
      .getByRole('link', { name: 'Favoritos' })
      .first()
      .click()
      .catch(() => undefined),
    page.waitForURL(/\/login$/),
  ]);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(SESSION_EXPIRED)).toBeVisible();

  // Signing in again returns to the page the member was on when the session was found ended.
  await submitLogin(page, member.email, newPassword);
  await expect(page).toHaveURL(/\/(my-favorites|products)$/);
  await expect(page.getByText(SESSION_EXPIRED)).toHaveCount(0);
});
