// `npm run screenshots` (run with tsx): starts the built product on a throw-away embedded database with the
// demo data (`npm run db:seed -- --demo`), creates a verified user and an admin, and saves full-page screenshots of the main screens at 390px and
// 1280px into ./screenshots (git-ignored) so a person can look at what the product shows.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const port = Number(process.env.SCREENSHOTS_PORT ?? 3291);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'unimercado-shots-'));
const outDir = process.env.SCREENSHOTS_DIR ?? join(root, 'screenshots');
mkdirSync(outDir, { recursive: true });
const adminEmail = 'admin@unimercado.test';
/** Listed in ADMIN_EMAILS but never verified: its link shows the password step. */
const pendingAdminEmail = 'rectoria@unimercado.test';
const password = 'clave-segura-123';

// The demo accounts and listings, so the listing screens show a living marketplace.
const seeded = spawnSync('npm', ['run', 'db:seed', '--', '--demo'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
if (seeded.status !== 0) throw new Error('The demo seed failed');

const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    ADMIN_EMAILS: `${adminEmail},${pendingAdminEmail}`,
    LOG_LEVEL: 'warn',
    // The test-only expiry hook (decision 094): one of the seller's listings shown expired.
    TEST_HOOKS: '1',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', stopServer);
server.once('exit', (code) => {
  if (code) {
    console.error(`The server exited with code ${code}`);
    process.exit(1);
  }
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
for (;;) {
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {
    // not up yet
  }
  await sleep(100);
}

const api = async (method: string, path: string, body?: unknown, token?: string) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as unknown;
};
type Mail = { to: string; text: string };
const findMail = (email: string, link: RegExp): Mail | undefined => {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return undefined;
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Mail)
    .filter((m) => m.to === email && link.test(m.text))
    .at(-1);
};
/** The token of the newest link of this kind mailed to `email` (mail leaves after the answer). */
const takeToken = async (email: string, kind: 'verify-email' | 'reset-password') => {
  const link = new RegExp(`${kind}\\?token=([A-Za-z0-9_-]+)`);
  let mail = findMail(email, link);
  for (let tries = 0; !mail && tries < 50; tries += 1) {
    await sleep(100);
    mail = findMail(email, link);
  }
  const token = mail?.text.match(link)?.[1];
  if (!token) throw new Error(`No ${kind} mail for ${email}`);
  return token;
};
const verify = async (email: string) => {
  const token = await takeToken(email, 'verify-email');
  // An ADMIN_EMAILS address chooses its password with the link (decision 010).
  const choice = email === adminEmail ? { password, confirmPassword: password } : undefined;
  await api('POST', `/api/auth/verify-email?token=${token}`, choice);
};
type Session = {
  id: number;
  name: string;
  email: string;
  roles: string[];
  token: string;
  verified: boolean;
};
const register = async (name: string, email: string, phone: string) => {
  await api('POST', '/api/users', { name, email, phone, password, confirmPassword: password });
  await verify(email);
  return (await api('POST', '/api/auth/login', { email, password })) as Session;
};

const student = await register('Lucía Gómez', 'lucia@uni.edu.co', '+57 300 123 4567');
const admin = await register('Admin Campus', adminEmail, '');
const andres = await register('Andrés Pérez', 'andres@uni.edu.co', '');
await api('POST', '/api/users', {
  name: 'Rectoría',
  email: pendingAdminEmail,
  password,
  confirmPassword: password,
});
const pendingAdminToken = await takeToken(pendingAdminEmail, 'verify-email');
await api('POST', '/api/auth/forgot-password', { email: 'andres@uni.edu.co' });
const resetToken = await takeToken('andres@uni.edu.co', 'reset-password');

// A conversation and a few notifications for the chat and notifications screens.
const say = (from: Session, to: Session, content: string) =>
  api('POST', '/api/chat/messages', { receiverId: to.id, content }, from.token);
await say(andres, student, '¡Hola Lucía! ¿Todavía tienes la calculadora Casio fx-570?');
await say(student, andres, 'Hola Andrés, sí. Está como nueva, con su estuche.');
await say(
  andres,
  student,
  '¿Me la dejarías en $ 70.000? La puedo recoger mañana en la biblioteca.',
);
await say(
  andres,
  student,
  `Mira mi perfil: ${base}/user/${andres.id} (y esto no es un enlace: https://otra-web.example/pago)`,
);
const marta = await register('Marta Ruiz', 'marta@uni.edu.co', '');
await say(marta, student, '¿Aún vendes la bicicleta de ruta? Te puedo ver hoy en la cafetería.');
await api(
  'POST',
  '/api/notifications',
  {
    userId: student.id,
    typeId: 3,
    message: 'Has recibido una nueva oferta de $ 70.000 por Calculadora Casio fx-570',
  },
  student.token,
);
await api(
  'POST',
  '/api/notifications',
  { userId: student.id, typeId: 2, message: 'Tu oferta por Bicicleta de ruta fue aceptada' },
  student.token,
);

// A demo seller (README, "Demo data") and a few of their listings.
const seller = (await api('POST', '/api/auth/login', {
  email: 'santiago@demo.unimercado.test',
  password: 'demo1234',
})) as Session;
type Listing = { id: number; title: string; sellerId: number; isSold: boolean };
const find = async (query: string) =>
  ((await api('GET', `/api/products?${query}`)) as Listing[])[0]!;
const laptop = await find('search=portatil%20lenovo');
const sold = await find('isSold=true');

// Trade (issue 9): Lucía saves the laptop, offers on two other listings of the seller; the seller
// accepts one, and Lucía rates it, so favourites, purchases, offers and reviews have content.
const sellerListings = (
  (await api('GET', `/api/products?sellerId=${seller.id}&isSold=false`)) as Listing[]
).filter((listing) => listing.id !== laptop.id);
const [bought, offered, reserved] = sellerListings as [
  Listing & { price: number },
  Listing & { price: number },
  Listing & { price: number },
];
await api('POST', '/api/favorites', { userId: student.id, productId: laptop.id }, student.token);
await api('POST', '/api/favorites', { userId: student.id, productId: offered.id }, student.token);
/** `buyer` offers `share` of the listed price. */
const offer = async (buyer: Session, listing: Listing & { price: number }, share: number) =>
  (await api(
    'POST',
    '/api/sales',
    { buyerId: buyer.id, productId: listing.id, price: Math.round(listing.price * share) },
    buyer.token,
  )) as { id: number };
const sale = await offer(student, bought, 0.8);
await offer(andres, offered, 0.9);
await offer(student, offered, 0.85);
await api('PUT', `/api/sales/${sale.id}/accept`, undefined, seller.token);
// Lucía received that one (its review is open); a second purchase stays reserved, so both sides
// have a hand-off card (issue 20).
await api('POST', `/api/handoffs/${sale.id}/confirm`, undefined, student.token);
const reservedSale = await offer(student, reserved, 0.9);
await api('PUT', `/api/sales/${reservedSale.id}/accept`, undefined, seller.token);

// Moderation (issue 20): two reports of one listing, a reported message and a warned member for
// the queue and the audit log; Lucía blocks Marta (her profile and their conversation say so).
const reported = sellerListings[2] ?? offered;
await api(
  'POST',
  '/api/reports',
  {
    targetType: 'product',
    targetId: reported.id,
    reason: 'scam',
    details: 'Pide un anticipo por Nequi antes de verse.',
  },
  andres.token,
);
await api(
  'POST',
  '/api/reports',
  { targetType: 'product', targetId: reported.id, reason: 'misleading' },
  marta.token,
);
const inbox = (await api(
  'GET',
  `/api/chat/messages?userId=${andres.id}`,
  undefined,
  student.token,
)) as { id: number; senderId: number }[];
const fromAndres = inbox.filter((m) => m.senderId === andres.id).at(-1);
if (fromAndres) {
  await api(
    'POST',
    '/api/reports',
    {
      targetType: 'message',
      targetId: fromAndres.id,
      reason: 'spam',
      details: 'Manda enlaces a otra página.',
    },
    student.token,
  );
}
await api(
  'POST',
  '/api/reports',
  { targetType: 'user', targetId: marta.id, reason: 'offensive' },
  andres.token,
);
await api(
  'POST',
  '/api/moderation/actions',
  {
    targetType: 'user',
    targetId: marta.id,
    action: 'warn',
    reason: 'Mensajes insistentes a otros miembros',
  },
  admin.token,
);
await api('POST', '/api/blocks', { userId: marta.id }, student.token);

// Saved searches (issue 21): Lucía keeps three, and the seller then publishes two matches.
const categories = (await api('GET', '/api/categories')) as { id: number; name: string }[];
const calculators = (await api(
  'POST',
  '/api/saved-searches',
  { search: 'calculadora', maxPrice: 150000, status: 'USADO' },
  student.token,
)) as { id: number };
await api(
  'POST',
  '/api/saved-searches',
  { name: 'Bici para ir a clase', search: 'bicicleta', categoryId: categories[0]?.id },
  student.token,
);
const lamps = (await api('POST', '/api/saved-searches', { search: 'lámpara' }, student.token)) as {
  id: number;
};
await api('PATCH', `/api/saved-searches/${lamps.id}`, { isPaused: true }, student.token);
await api('PATCH', `/api/saved-searches/${calculators.id}`, { emailDigest: true }, student.token);
for (const title of ['Calculadora Casio fx-991', 'Calculadora gráfica TI-84']) {
  await api(
    'POST',
    '/api/products',
    {
      title,
      description: 'Funciona perfecto, con tapa y manual.',
      price: 90000,
      status: 'Usado',
      location: 'Biblioteca Central',
      categoryId: categories[1]?.id ?? categories[0]?.id,
    },
    seller.token,
  );
}
// The alerts are matched off the request path: give the matcher a moment.
await sleep(1500);

// Price guidance (issue 21, decision 098): three calculators of that category sold, so the
// publish form shows what they sold for once a similar title and the category are chosen.
const calculatorCategory = categories[1]?.id ?? categories[0]?.id;
for (const [title, share] of [
  ['Calculadora Casio fx-570', 0.7],
  ['Calculadora científica Casio', 0.8],
  ['Calculadora Casio fx-82', 0.9],
] as const) {
  const listing = (await api(
    'POST',
    '/api/products',
    {
      title,
      description: 'Funciona bien, con pilas nuevas.',
      price: 80000,
      status: 'Usado',
      location: 'Biblioteca Central',
      categoryId: calculatorCategory,
    },
    andres.token,
  )) as Listing & { price: number };
  const calculatorSale = await offer(marta, listing, share);
  await api('PUT', `/api/sales/${calculatorSale.id}/accept`, undefined, andres.token);
}

// Listings that stay fresh (issue 21): course codes on two of the seller's listings, and another
// of them expired as if 60 days had passed, for 'CADUCADO' and 'Renovar' on My products.
const [withCourses, expiring] = sellerListings.filter(
  (listing) => listing.id !== bought.id && listing.id !== offered.id,
) as [Listing, Listing];
await api(
  'PUT',
  `/api/products/${withCourses.id}`,
  { courseCodes: ['QUI101', 'BIO230'] },
  seller.token,
);
await api('PUT', `/api/products/${laptop.id}`, { courseCodes: ['ISIS1105'] }, seller.token);
await api('POST', `/api/test/products/${expiring.id}/expiry`, { expiresInDays: -1 });

// The seller proposes a meet-up on Lucía's reserved hand-off; it waits for her answer (decision 083).
const [firstSpot] = (await api('GET', '/api/meetup-spots')) as { id: number }[];
await api(
  'POST',
  `/api/handoffs/${reservedSale.id}/meetups`,
  { spotId: firstSpot!.id, startsAt: new Date(Date.now() + 26 * 60 * 60 * 1000).toISOString() },
  seller.token,
);

const sessions: Record<string, Session | null> = { anonymous: null, student, admin, seller };
/**
 * Optional: a button to press (by accessible name) before the screenshot, e.g. to open a menu; or
 * `OFFLINE`: the page is opened once the service worker controls it, then shown without a
 * network (decision 091); `OFFLINE_UNSEEN`: another page, never opened, without a network.
 */
const OFFLINE = ':offline';
const OFFLINE_UNSEEN = ':offline-unseen';
/** `PRICE_HINT`: the publish form with a calculator's title and category chosen (price guidance). */
const PRICE_HINT = ':price-hint';
const allPages: [name: string, path: string, who: string, press?: string][] = [
  ['home', '/', 'anonymous'],
  ['login', '/login', 'anonymous'],
  ['register', '/register', 'anonymous'],
  ['verification-pending', '/verification-pending?email=lucia%40uni.edu.co', 'anonymous'],
  ['verify-email-missing', '/verify-email', 'anonymous'],
  ['verify-email-invalid', '/verify-email?token=abc', 'anonymous'],
  ['verify-email-admin', `/verify-email?token=${pendingAdminToken}`, 'anonymous'],
  ['forgot-password', '/forgot-password', 'anonymous'],
  ['reset-password', `/reset-password?token=${resetToken}`, 'anonymous'],
  ['reset-password-invalid', '/reset-password?token=abc', 'anonymous'],
  ['public-profile-anonymous', `/user/${student.id}`, 'anonymous'],
  ['not-found', '/no-existe', 'anonymous'],
  ['home-signed-in', '/', 'student'],
  ['profile', '/profile', 'student'],
  ['public-profile', `/user/${admin.id}`, 'student'],
  ['admin-unauthorized', '/admin-panel', 'student'],
  ['admin-panel', '/admin-panel', 'admin'],
  ['moderation', '/admin-panel/moderacion', 'admin'],
  ['moderation-log', '/admin-panel/moderacion?tab=registro', 'admin'],
  ['moderation-hide', '/admin-panel/moderacion', 'admin', 'Ocultar publicación'],
  ['public-profile-blocked', `/user/${marta.id}`, 'student'],
  ['chat-closed', `/chat?userId=${marta.id}`, 'student'],
  ['products', '/products', 'student'],
  ['products-anonymous', '/products?page=2', 'anonymous'],
  ['product-detail', `/products/${laptop.id}`, 'student'],
  ['product-detail-zoom', `/products/${laptop.id}`, 'anonymous', 'Ampliar foto 1 de 3'],
  ['product-detail-sold', `/products/${sold.id}`, 'student'],
  ['product-detail-owner', `/products/${laptop.id}`, 'seller'],
  ['search', '/search?search=bicicleta', 'student'],
  ['search-filters', '/search?categoryId=5&maxPrice=300000&status=USADO', 'anonymous'],
  ['search-course', '/search?course=QUI101', 'student'],
  ['create-product', '/create-product', 'student'],
  ['create-product-price-hint', '/create-product', 'student', PRICE_HINT],
  ['my-products', '/my-products', 'seller'],
  ['my-products-sold', '/my-products?tab=vendidos', 'seller'],
  ['my-products-edit', '/my-products', 'seller', `Editar ${laptop.title}`],
  ['public-profile-seller', `/user/${seller.id}`, 'student'],
  ['profile-seller', '/profile', 'seller'],
  ['user-menu', '/profile', 'admin', 'Abrir menú de usuario'],
  ['drawer', '/profile', 'admin', 'Abrir menú'],
  ['chat', '/chat', 'student'],
  ['chat-conversation', `/chat?userId=${andres.id}`, 'student'],
  ['notifications', '/notifications', 'student'],
  ['my-searches', '/my-searches', 'student'],
  ['my-favorites', '/my-favorites', 'student'],
  ['my-purchases', '/my-purchases', 'student'],
  ['my-purchases-rate', '/my-purchases', 'student', `Calificar producto: ${bought.title}`],
  ['my-products-offers', '/my-products', 'seller', `Ver ofertas de ${offered.title}`],
  ['product-detail-offer', `/products/${offered.id}`, 'student', 'Hacer una oferta'],
  ['notifications-seller', '/notifications', 'seller'],
  [
    'handoff-chat',
    `/chat?userId=${seller.id}`,
    'student',
    `Reservado Entrega de ${reserved.title}`,
  ],
  ['handoff-cancel', '/my-purchases', 'student', 'Cancelar reserva'],
  ['handoff-confirm-seller', '/my-products', 'seller', 'Confirmar entrega'],
  ['offline-product', `/products/${laptop.id}`, 'anonymous', OFFLINE],
  ['offline-my-products', '/my-products', 'seller', OFFLINE],
  ['offline-unseen', '/register', 'anonymous', OFFLINE_UNSEEN],
  ['chat-meetup', `/chat?userId=${seller.id}`, 'student'],
];
/**
 * `SCREENSHOTS_ONLY=offline|profile` or `SCREENSHOTS_ONLY=my-searches,chat-meetup` takes only the
 * screens whose names match (a regular expression; a comma separates alternatives too).
 */
const only = process.env.SCREENSHOTS_ONLY
  ? new RegExp(
      process.env.SCREENSHOTS_ONLY.split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .join('|'),
    )
  : undefined;
const pages = only ? allPages.filter(([name]) => only.test(name)) : allPages;

/** Opens `path` under the service worker's control, then takes the network away. */
const goOffline = async (
  context: Awaited<ReturnType<typeof browser.newContext>>,
  page: Awaited<ReturnType<typeof context.newPage>>,
  path: string,
  isSeen: boolean,
) => {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
    });
  });
  await page.reload({ waitUntil: 'networkidle' });
  await context.setOffline(true);
  if (isSeen) await page.reload();
  else await page.goto(`${base}${path}`);
};

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const width of [390, 1280]) {
    for (const [name, path, who, press] of pages) {
      const context = await browser.newContext({
        viewport: { width, height: width === 390 ? 844 : 900 },
        locale: 'es-CO',
      });
      const session = sessions[who];
      if (session) {
        const user = {
          id: session.id,
          name: session.name,
          email: session.email,
          roles: session.roles,
          role: session.roles[0] ?? 'USER',
          verified: session.verified,
        };
        await context.addInitScript(
          ({ token, userJson }) => {
            localStorage.setItem('token', token);
            localStorage.setItem('user', userJson);
          },
          { token: session.token, userJson: JSON.stringify(user) },
        );
      }
      const page = await context.newPage();
      const isOffline = press === OFFLINE || press === OFFLINE_UNSEEN;
      await page.goto(`${base}${isOffline ? '/' : path}`, { waitUntil: 'networkidle' });
      if (isOffline) {
        if (press === OFFLINE) await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
        await goOffline(context, page, path, press === OFFLINE);
      }
      if (press === PRICE_HINT) {
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
        await page.getByLabel('Título').fill('Calculadora Casio');
        await page.getByLabel('Categoría').selectOption(String(calculatorCategory));
        await page
          .getByText(/se vendieron/i)
          .first()
          .waitFor({ timeout: 10_000 });
      }
      const isAction = isOffline || press === PRICE_HINT;
      const button =
        press && !isAction ? page.getByRole('button', { name: press, exact: true }) : null;
      // The drawer button only exists on the narrow layout.
      if (button && (await button.count()) > 0) await button.click();
      await sleep(400);
      await page.screenshot({ path: join(outDir, `${name}-${width}.png`), fullPage: true });
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`Screenshots in ${outDir}`);
