import type { BrowserContext, Page } from '@playwright/test';
import { createMember, PASSWORD, type Member } from './support/members';
import { expect, test } from './support/test';

// The installable app (issue 21, decision 091): manifest and service worker, offline reloads of
// pages seen before, and nothing of one member shown to the next after a sign-out.

const PAGES_CACHE = 'um-pages-v1';

/** Waits until the service worker controls the page (the install criteria's last one). */
const waitForServiceWorker = async (page: Page) => {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
        once: true,
      });
    });
  });
};

/** The text of every page the service worker keeps for offline reloads. */
const keptPages = (page: Page) =>
  page.evaluate(async (cacheName) => {
    if (!(await caches.has(cacheName))) return [];
    const cache = await caches.open(cacheName);
    return Promise.all(
      (await cache.keys()).map(async (request) => ({
        url: request.url,
        text: (await (await cache.match(request))?.text()) ?? '',
      })),
    );
  }, PAGES_CACHE);

const signInOn = async (page: Page, member: Member) => {
  await page.goto('/login');
  await page.getByLabel('Correo Electrónico').fill(member.email);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByRole('button', { name: /^Iniciar sesión$/i }).click();
  await expect(page).not.toHaveURL(/\/login/);
};

const signOutOn = async (page: Page) => {
  await page.getByRole('button', { name: 'Abrir menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
};

const goOffline = async (context: BrowserContext, page: Page) => {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
};

test('the app is installable: its manifest is linked and a service worker controls the page', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifestResponse = await request.get(href!);
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await manifestResponse.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'UniMercado',
    short_name: 'UniMercado',
    start_url: '/',
    display: 'standalone',
    theme_color: '#6200ea',
  });
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const image = await request.get(icon!.src);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  await waitForServiceWorker(page);
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      scope: registration?.scope,
      script: registration?.active?.scriptURL,
      isControlled: navigator.serviceWorker.controller !== null,
    };
  });
  expect(worker.isControlled).toBe(true);
  expect(new URL(worker.script!).pathname).toBe('/sw.js');
  expect(new URL(worker.scope!).pathname).toBe('/');
});

test('a page seen before reloads offline from the service worker, saying "Sin conexión"', async ({
  page,
  context,
}) => {
  await page.goto('/consejos-de-seguridad');
  await waitForServiceWorker(page);
  // Seen once the worker controls the page: kept.
  await page.reload();
  const heading = page.getByRole('heading', { level: 1 });
  const title = await heading.textContent();
  await expect.poll(async () => (await keptPages(page)).length).toBeGreaterThan(0);

  await goOffline(context, page);
  const offlineReload = await page.reload();
  expect(offlineReload?.fromServiceWorker()).toBe(true);
  await expect(heading).toHaveText(title!);
  const notice = page.getByRole('status').filter({ hasText: 'Sin conexión' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Reintentar' })).toBeVisible();

  // A page never opened here: the offline page, in Spanish, with a way to try again.
  const unseen = await page.goto('/register');
  expect(unseen?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Sin conexión' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('button', { name: 'Crear Cuenta' })).toBeVisible();
});

test("after a sign-out and another member's sign-in, offline pages never show the first member", async ({
  page,
  context,
}) => {
  const stamp = Date.now();
  const first = await createMember(`Primera Pwa ${stamp}`, `primera.pwa.${stamp}@uni.edu.co`);
  const second = await createMember(`Segunda Pwa ${stamp}`, `segunda.pwa.${stamp}@uni.edu.co`);

  await page.goto('/');
  await waitForServiceWorker(page);
  await signInOn(page, first);
  // Pages the first member opens are kept, with their name in them (the server's top bar).
  for (const path of ['/profile', '/my-products', '/']) await page.goto(path);
  await expect
    .poll(async () => (await keptPages(page)).some((kept) => kept.text.includes(first.name)))
    .toBe(true);
  // They do open offline for that member (so what follows is a real check).
  await goOffline(context, page);
  const own = await page.goto('/my-products');
  expect(own?.fromServiceWorker()).toBe(true);
  expect(await own!.text()).toContain(first.name);
  await context.setOffline(false);

  await page.goto('/profile');
  await signOutOn(page);
  await expect.poll(async () => (await keptPages(page)).length).toBe(0);
  await signInOn(page, second);

  await goOffline(context, page);
  for (const path of ['/profile', '/my-products', '/']) {
    const response = await page.goto(path);
    expect(response?.fromServiceWorker(), path).toBe(true);
    const text = await response!.text();
    expect(text, path).not.toContain(first.name);
    expect(text, path).not.toContain(first.email);
    await expect(page.getByText(first.name)).toHaveCount(0);
  }
  for (const kept of await keptPages(page)) {
    expect(kept.text, kept.url).not.toContain(first.name);
  }
});
