import { expect, test } from './support/test';
import { countMails, takeResetPath, takeVerificationPath } from './support/outbox';

const OLD_PASSWORD = 'clave-olvidada-1';
const NEW_PASSWORD = 'clave-recordada-2';

test('a student who forgot the password gets a link, chooses a new one and signs in with it', async ({
  page,
  request,
}) => {
  const email = `olvido.${Date.now()}@uni.edu.co`;
  const registered = await request.post('/api/users', {
    data: {
      name: 'Tomás Olvido',
      email,
      phone: '',
      password: OLD_PASSWORD,
      confirmPassword: OLD_PASSWORD,
    },
  });
  expect(registered.status()).toBe(201);
  expect((await request.post(`/api/auth${await takeVerificationPath(email)}`)).status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
  await page.getByLabel('Correo Electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();

  // The link from the mailbox: choose the new password with the registration's rules.
  const resetPath = await takeResetPath(email);
  await page.goto(resetPath);
  await expect(page.getByRole('heading', { name: 'Elige una nueva contraseña' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel(/^Nueva Contraseña/).fill('corta');
  await page.getByLabel(/^Confirmar Contraseña/).fill('corta');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();
  await page.getByLabel(/^Nueva Contraseña/).fill(NEW_PASSWORD);
  await page.getByLabel(/^Confirmar Contraseña/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('heading', { name: '¡Contraseña actualizada!' })).toBeVisible();
  await expect.poll(() => countMails(email, 'Tu contraseña de UniMercado cambió')).toBe(1);

  // The same link a second time is refused and offers a new one.
  await page.goto(resetPath);
  await expect(page.getByRole('heading', { name: 'No se pudo usar el enlace' })).toBeVisible();
  await expect(page.getByText('Este enlace ya ha sido utilizado.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toBeVisible();

  // The old password is gone; the new one signs in.
  await page.goto('/login');
  await page.getByLabel('Correo Electrónico').fill(email);
  await page.getByLabel(/^Contraseña/).fill(OLD_PASSWORD);
  await page.getByRole('button', { name: /^Iniciar sesión$/ }).click();
  await expect(page.getByText('Correo electrónico o contraseña incorrectos')).toBeVisible();
  await page.getByLabel(/^Contraseña/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: /^Iniciar sesión$/ }).click();
  await expect(page).toHaveURL(/\/products$/);
});
