import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './support/env';
import { takeVerificationPath } from './support/outbox';

const PASSWORD = 'clave-segura-123';
const stamp = Date.now().toString(36);

type Member = { id: number; name: string; email: string; token: string };

/** Registers and verifies through the API (the accounts journey covers the screens). */
const createMember = async (name: string, label: string): Promise<Member> => {
  const email = `${label}.${stamp}@uni.edu`;
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
  const verifyPath = await takeVerificationPath(email);
  const token = new URL(verifyPath, E2E_BASE_URL).searchParams.get('token');
  const verified = await fetch(`${E2E_BASE_URL}/api/auth/verify-email?token=${token}`, {
    method: 'POST',
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

const signIn = async (browser: Browser, member: Member) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Correo Electrónico').fill(member.email);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByRole('button', { name: /^Iniciar sesión$/i }).click();
  await expect(page).toHaveURL(/\/products/);
  return page;
};

const bell = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Notificaciones/ });

test('two members chat in real time, the bell lights up live, and the conversation survives a reload', async ({
  browser,
}) => {
  const seller = await createMember('Sara Vendedora', 'sara');
  const buyer = await createMember('Bruno Comprador', 'bruno');
  const sellerPage = await signIn(browser, seller);
  const buyerPage = await signIn(browser, buyer);
  await expect(bell(sellerPage)).toHaveAccessibleName('Notificaciones');

  // The buyer contacts the seller from her public profile: the chat opens with a greeting.
  await buyerPage.goto(`/user/${seller.id}`);
  await buyerPage.getByRole('button', { name: 'Enviar mensaje a Sara Vendedora' }).click();
  await expect(buyerPage).toHaveURL(new RegExp(`/chat\\?userId=${seller.id}$`));
  const buyerBox = buyerPage.getByRole('textbox', { name: 'Mensaje' });
  await expect(buyerBox).toHaveValue(/^¡Hola Sara! Vi tu perfil en UniMercado/);
  await expect(buyerPage.getByText('Conectado', { exact: true })).toBeVisible();
  await buyerPage.getByRole('button', { name: 'Enviar' }).click();
  const buyerLog = buyerPage.getByRole('log');
  await expect(buyerLog.getByText(/Vi tu perfil en UniMercado/)).toBeVisible();
  await expect(buyerBox).toHaveValue('');

  // The seller's bell lights up without a reload, and the tab title counts it.
  await expect(bell(sellerPage)).toHaveAccessibleName('Notificaciones (tienes sin leer)');
  await expect(sellerPage).toHaveTitle(/^\(1\) /);

  // She opens the chat: Bruno is listed with an unread badge; she answers.
  await sellerPage.getByRole('banner').getByRole('link', { name: 'Mensajes' }).click();
  const conversations = sellerPage.getByRole('list', { name: 'Conversaciones' });
  await expect(conversations.getByText('Bruno Comprador')).toBeVisible();
  await expect(conversations.getByLabel('1 sin leer')).toBeVisible();
  await conversations.getByText('Bruno Comprador').click();
  await expect(sellerPage.getByRole('log').getByText(/Vi tu perfil en UniMercado/)).toBeVisible();
  await expect(sellerPage.getByText('Conectado', { exact: true })).toBeVisible();
  await sellerPage
    .getByRole('textbox', { name: 'Mensaje' })
    .fill('¡Hola Bruno! Sí, sigue disponible.');
  await sellerPage.getByRole('textbox', { name: 'Mensaje' }).press('Enter');

  // The buyer sees the answer live; links elsewhere are not clickable.
  await expect(buyerLog.getByText('¡Hola Bruno! Sí, sigue disponible.')).toBeVisible();
  await buyerBox.fill('Genial. Mira https://evil.example/pago y también /products');
  await buyerPage.getByRole('button', { name: 'Enviar' }).click();
  await expect(sellerPage.getByRole('log').getByText(/evil\.example\/pago/)).toBeVisible();
  await expect(sellerPage.getByRole('log').getByRole('link', { name: /evil/ })).toHaveCount(0);

  // The bell: read the message notification, then an offer notification arrives live.
  await sellerPage.goto('/notifications');
  await expect(sellerPage.getByText('Has recibido un mensaje de Bruno Comprador')).toBeVisible();
  await expect(sellerPage.getByText('Ahora mismo').first()).toBeVisible();
  await sellerPage.getByRole('button', { name: 'Marcar leída' }).click();
  await expect(sellerPage.getByText('No hay notificaciones sin leer')).toBeVisible();
  await expect(bell(sellerPage)).toHaveAccessibleName('Notificaciones');
  // Until the trade issue's offers land, the offer notification is created through the REST
  // rule of decision 023 (a member's own notification); it is pushed live like any other.
  const offer = await fetch(`${E2E_BASE_URL}/api/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` },
    body: JSON.stringify({
      userId: seller.id,
      typeId: 3,
      message: 'Has recibido una nueva oferta de $ 80.000 por Calculadora científica',
    }),
  });
  expect(offer.status).toBe(201);
  await expect(bell(sellerPage)).toHaveAccessibleName('Notificaciones (tienes sin leer)');
  await expect(
    sellerPage.getByText('Has recibido una nueva oferta de $ 80.000 por Calculadora científica'),
  ).toBeVisible();
  await expect(sellerPage.getByText('1 sin leer')).toBeVisible();

  // The conversation survives a reload.
  await buyerPage.reload();
  await expect(
    buyerPage.getByRole('log').getByText('¡Hola Bruno! Sí, sigue disponible.'),
  ).toBeVisible();
  await expect(buyerPage.getByRole('log').getByText(/Vi tu perfil en UniMercado/)).toBeVisible();
  await expect(buyerPage.getByRole('textbox', { name: 'Mensaje' })).toHaveValue(/^¡Hola Sara!|^$/);
});
