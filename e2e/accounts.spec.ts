import { expect, test, type Page } from './support/test';
import { E2E_ADMIN_EMAIL } from './support/env';
import { takeVerificationPath } from './support/outbox';

const PASSWORD = 'clave-segura-123';

const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await page.getByLabel('Correo Electrónico').fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: /^Iniciar sesión$/i }).click();
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Abrir menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
};

test.describe.configure({ mode: 'serial' });

const student = {
  name: 'Lucía Gómez',
  email: `lucia.${Date.now()}@uni.edu.co`,
  phone: '+57 300 123 4567',
};

test('a student registers, verifies the email, signs in, edits the profile and signs out', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/register');
  const submit = page.getByRole('button', { name: 'Crear Cuenta' });
  await page.getByLabel('Nombre completo').fill(student.name);
  await page.getByLabel('Correo Electrónico').fill(student.email);
  await page.getByLabel('Teléfono (Opcional)').fill(student.phone);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByLabel(/^Confirmar Contraseña/).fill('otra-clave');
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel(/^Confirmar Contraseña/).fill(PASSWORD);
  await expect(page.getByText('Las contraseñas no coinciden')).toHaveCount(0);
  await submit.click();

  await expect(page).toHaveURL(/\/verification-pending/);
  await expect(page.getByText('¡Registro exitoso!').first()).toBeVisible();
  await expect(page.getByText(student.email).first()).toBeVisible();

  // The verification mail lands in the outbox; its link verifies the account.
  const verifyPath = await takeVerificationPath(student.email);
  await page.goto(verifyPath);
  await expect(page.getByText('¡Verificación exitosa!')).toBeVisible();
  await page
    .getByRole('link', { name: 'Ir al login' })
    .or(page.getByRole('button', { name: 'Ir al login' }))
    .click();
  await expect(page).toHaveURL(/\/login/);

  // The same link a second time says it was already used.
  await page.goto(verifyPath);
  await expect(page.getByText('Este enlace ya ha sido utilizado.')).toBeVisible();
  // Trying a used link again could only say so again: no 'Intentar verificar de nuevo'.
  await expect(page.getByRole('button', { name: 'Intentar verificar de nuevo' })).toHaveCount(0);

  await signIn(page, student.email, PASSWORD);
  await expect(page).toHaveURL(/\/products$/);
  // Signed in on a phone: the bottom bar is there.
  await expect(page.getByRole('navigation', { name: 'Accesos rápidos' })).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
  await expect(page.getByText(student.email).first()).toBeVisible();
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editando Perfil' })).toBeVisible();
  await page.getByLabel('Nombre completo').fill('Lucía Gómez Ruiz');
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
  await expect(page.getByText('Lucía Gómez Ruiz').first()).toBeVisible();

  // The change survives a reload (it was saved on the server).
  await page.reload();
  await expect(page.getByText('Lucía Gómez Ruiz').first()).toBeVisible();

  await signOut(page);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

const ADMIN_PASSWORD = 'clave-de-la-rectora-1';

test('someone registers the ADMIN_EMAILS address first; its owner verifies it by choosing a password', async ({
  page,
  request,
}) => {
  // A squatter registers the listed address with a password of their own.
  const squatter = await request.post('/api/users', {
    data: {
      name: 'Intruso',
      email: E2E_ADMIN_EMAIL,
      phone: '',
      password: 'clave-del-intruso',
      confirmPassword: 'clave-del-intruso',
    },
  });
  expect(squatter.status()).toBe(201);

  // The link lands in the real owner's mailbox; they open it on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(await takeVerificationPath(E2E_ADMIN_EMAIL));
  await expect(page.getByRole('heading', { name: 'Protege tu cuenta' })).toBeVisible();
  await expect(page.getByText(E2E_ADMIN_EMAIL)).toBeVisible();
  await page.getByLabel(/^Nueva Contraseña/).fill(ADMIN_PASSWORD);
  await page.getByLabel(/^Confirmar Contraseña/).fill('otra-cosa');
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel(/^Confirmar Contraseña/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Verificar y guardar contraseña' }).click();
  await expect(page.getByRole('heading', { name: '¡Verificación exitosa!' })).toBeVisible();
  await page.getByRole('link', { name: 'Ir al login' }).click();

  // The squatter's password no longer opens anything; the owner's opens an admin account.
  await signIn(page, E2E_ADMIN_EMAIL, 'clave-del-intruso');
  await expect(page.getByText('Correo electrónico o contraseña incorrectos')).toBeVisible();
  await signIn(page, E2E_ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/products$/);
  await page.getByRole('button', { name: 'Abrir menú de usuario' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toBeVisible();
});

test('an admin changes another user’s roles and the table shows it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, E2E_ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/products$/);
  await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin-panel$/);
  await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: student.email });
  await expect(row).toContainText('USER');
  await expect(row).not.toContainText('ADMIN');
  await row.getByRole('button', { name: 'Editar roles' }).click();

  const dialog = page.getByRole('dialog', { name: 'Editar roles' });
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name: 'ADMIN' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('ADMIN');

  // Reloading reads the roles back from the server.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: student.email })).toContainText('ADMIN');
});
