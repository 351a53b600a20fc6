import { expect, test, type Page } from './support/test';
import { E2E_BASE_URL } from './support/env';
import { createMember as createMemberWithEmail, signIn } from './support/members';

const stamp = Date.now().toString(36);

const createMember = (name: string, label: string) =>
  createMemberWithEmail(name, `${label}.${stamp}@uni.edu`);

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
  // A notification created through the REST rule of decision 023 (a member's own notification)
  // is pushed live like any other (the trade journey covers the bell for a real offer).
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
