import type { CDPSession } from '@playwright/test';
import { E2E_PORT } from './support/env';
import { createMember, PASSWORD } from './support/members';
import { expect, test, type Page } from './support/test';

/**
 * Passkeys (decision 067) in Chromium with a virtual authenticator (the DevTools protocol's
 * WebAuthn domain). WebAuthn does not accept an IP address as relying party, so this journey
 * opens the app as localhost (support/start-server.mjs sets PASSKEY_RP_ID for it).
 */
const BASE = `http://localhost:${E2E_PORT}`;

const addAuthenticator = async (cdp: CDPSession) => {
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Abrir menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
};

test('a member adds a passkey, signs out, signs in with it and removes it', async ({
  page,
  context,
}) => {
  const member = await createMember('Paula Llaves', `paula.${Date.now()}@uni.edu.co`);
  const cdp = await context.newCDPSession(page);
  const authenticatorId = await addAuthenticator(cdp);

  await page.goto(`${BASE}/login`);
  await page.getByLabel('Correo Electrónico').fill(member.email);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByRole('button', { name: /^Iniciar sesión$/i }).click();
  await expect(page).toHaveURL(/\/products/);

  await page.goto(`${BASE}/profile`);
  const section = page.getByRole('region', { name: 'Llaves de acceso' });
  await expect(section.getByText(/Aún no tienes llaves de acceso/)).toBeVisible();
  await section.getByRole('button', { name: 'Añadir llave de acceso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Añadir llave de acceso' });
  // Just signed in: no password asked.
  await expect(dialog.getByLabel('Contraseña Actual')).toHaveCount(0);
  await dialog.getByLabel('Nombre (opcional)').fill('Portátil de prueba');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(section.getByText('Portátil de prueba')).toBeVisible();
  await expect(section.getByText('Aún no se ha usado')).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await section.screenshot({ path: test.info().outputPath(`passkeys-profile-${width}.png`) });
  }

  await signOut(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`passkeys-login-${width}.png`) });
  }
  await page.getByRole('button', { name: 'Entrar con llave de acceso' }).click();
  // Signed in: back where the sign-out happened.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Abrir menú de usuario' })).toBeVisible();

  await page.goto(`${BASE}/profile`);
  await expect(section.getByText(/Último uso:/)).toBeVisible();
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]?.signCount).toBeGreaterThan(0);

  await section.getByRole('button', { name: 'Eliminar Portátil de prueba' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar llave de acceso' });
  await expect(confirm).toContainText('«Portátil de prueba»');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(section.getByText('Portátil de prueba')).toHaveCount(0);
  await expect(section.getByText(/Aún no tienes llaves de acceso/)).toBeVisible();

  // The authenticator still holds the credential, but the server no longer knows it.
  await signOut(page);
  await page.getByRole('button', { name: 'Entrar con llave de acceso' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'No reconocemos esta llave de acceso. Entra con tu contraseña.',
  );
  await expect(page).toHaveURL(/\/login$/);
});
