import { expect, type Browser } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { takeVerificationPath } from './outbox';

export const PASSWORD = 'clave-segura-123';

export type Member = { id: number; name: string; email: string; token: string };

/**
 * Registers and verifies a member through the API (the accounts journey covers the screens). An
 * ADMIN_EMAILS address chooses its password with the link (decision 010): `verifyBody` carries it.
 */
export const createMember = async (
  name: string,
  email: string,
  verifyBody?: { password: string; confirmPassword: string },
): Promise<Member> => {
  const registered = await fetch(`${E2E_BASE_URL}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      email,
      phone: null,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
  });
  expect(registered.status).toBe(201);
  const { id } = (await registered.json()) as { id: number };
  const token = new URL(await takeVerificationPath(email), E2E_BASE_URL).searchParams.get('token');
  const verified = await fetch(`${E2E_BASE_URL}/api/auth/verify-email?token=${token}`, {
    method: 'POST',
    ...(verifyBody
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(verifyBody) }
      : {}),
  });
  expect(verified.ok).toBe(true);
  const login = await fetch(`${E2E_BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const session = (await login.json()) as { token: string };
  return { id, name, email, token: session.token };
};

/** An admin: an address of the e2e server's ADMIN_EMAILS (support/start-server.mjs). */
export const createAdmin = (name: string, email: string) =>
  createMember(name, email, { password: PASSWORD, confirmPassword: PASSWORD });

/** A new browser context signed in through the login screen. */
export const signIn = async (browser: Browser, member: Member) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Correo Electrónico').fill(member.email);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByRole('button', { name: /^Iniciar sesión$/i }).click();
  await expect(page).toHaveURL(/\/products/);
  return page;
};
