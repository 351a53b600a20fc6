import { startPushService } from '../apps/server/src/test/push-endpoint';
import { E2E_BASE_URL } from './support/env';
import { expect, test, type Page } from './support/test';
import { createMember, signIn } from './support/members';
import { publishProduct } from './support/products';

const stamp = Date.now().toString(36);

const bell = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Notificaciones/ });

test('a saved search alerts its member live when another member publishes a match (issue 21)', async ({
  browser,
}) => {
  const searcher = await createMember('Sofía Buscadora', `sofia.${stamp}@uni.edu`);
  const seller = await createMember('Víctor Vendedor', `victor.${stamp}@uni.edu`);
  const page = await signIn(browser, searcher);
  // A local push service that decrypts what it gets (RFC 8291) stands in for the browser's own:
  // no public one can be reached here. The server trusts its certificate through
  // NODE_EXTRA_CA_CERTS (playwright.config.ts). The subscription is what the member's browser
  // sends when push is switched on in the profile.
  const push = await startPushService();
  const phone = push.newBrowser();
  const subscribed = await fetch(`${E2E_BASE_URL}/api/push/subscriptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${searcher.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(phone.subscription),
  });
  expect(subscribed.status).toBeLessThan(300);

  // One click on /search saves the search on screen.
  await page.goto('/search?search=calculadora');
  await page.getByRole('button', { name: 'Guardar búsqueda' }).click();
  await expect(page.getByText('Búsqueda guardada. La encuentras en Mis búsquedas.')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notificaciones');

  // Another member publishes a match (other case, with an accent): the bell lights up live.
  await publishProduct(seller, {
    title: 'CALCULADORA Científica',
    description: 'Casio fx-991, funciona perfecto.',
    price: 85000,
    status: 'Usado',
    location: 'Biblioteca Central',
  });
  await expect(bell(page)).toHaveAccessibleName('Notificaciones (tienes sin leer)');
  // And by push, to the member's subscribed browser.
  const alert = await phone.next(15_000);
  expect(alert.plaintext).toContain('Hay 1 producto nuevo para «calculadora»');
  expect(push.failures).toEqual([]);
  await push.close();
  await bell(page).click();
  await expect(page.getByText('Hay 1 producto nuevo para «calculadora»')).toBeVisible();

  // 'Mis búsquedas', from the avatar menu, shows it with 1 new listing.
  await page.getByRole('button', { name: /abrir menú de usuario/ }).click();
  await page.getByRole('menuitem', { name: 'Mis búsquedas' }).click();
  await expect(page).toHaveURL(/\/my-searches$/);
  const card = page.getByRole('article', { name: /calculadora/ });
  await expect(card.getByText('1 nuevo', { exact: true })).toBeVisible();

  // Opening it runs the search, and the listing is no longer new.
  await card.getByRole('button', { name: 'Ver resultados' }).click();
  await expect(page).toHaveURL(/\/search\?search=calculadora$/);
  await expect(page.getByText('CALCULADORA Científica').first()).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('article', { name: /calculadora/ })).toBeVisible();
  await expect(page.getByText('1 nuevo', { exact: true })).toHaveCount(0);
});
