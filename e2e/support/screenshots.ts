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
const [bought, offered] = sellerListings as [
  Listing & { price: number },
  Listing & { price: number },
];
await api('POST', '/api/favorites', { userId: student.id, productId: laptop.id }, student.token);
await api('POST', '/api/favorites', { userId: student.id, productId: offered.id }, student.token);
const sale = (await api(
  'POST',
  '/api/sales',
  { buyerId: student.id, productId: bought.id, price: Math.round(bought.price * 0.8) },
  student.token,
)) as { id: number };
await api(
  'POST',
  '/api/sales',
  { buyerId: andres.id, productId: offered.id, price: Math.round(offered.price * 0.9) },
  andres.token,
);
await api(
  'POST',
  '/api/sales',
  { buyerId: student.id, productId: offered.id, price: Math.round(offered.price * 0.85) },
  student.token,
);
await api('PUT', `/api/sales/${sale.id}/accept`, undefined, seller.token);

// A reserved hand-off with a meet-up proposal waiting for Lucía's answer (decision 083).
const reservedListing = sellerListings[2] as Listing & { price: number };
const reserved = (await api(
  'POST',
  '/api/sales',
  {
    buyerId: student.id,
    productId: reservedListing.id,
    price: Math.round(reservedListing.price * 0.9),
  },
  student.token,
)) as { id: number };
await api('PUT', `/api/sales/${reserved.id}/accept`, undefined, seller.token);
const [firstSpot] = (await api('GET', '/api/meetup-spots')) as { id: number }[];
await api(
  'POST',
  `/api/handoffs/${reserved.id}/meetups`,
  { spotId: firstSpot!.id, startsAt: new Date(Date.now() + 26 * 60 * 60 * 1000).toISOString() },
  seller.token,
);

const sessions: Record<string, Session | null> = { anonymous: null, student, admin, seller };
/** Optional: a button to press (by accessible name) before the screenshot, e.g. to open a menu. */
const pages: [name: string, path: string, who: string, press?: string][] = [
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
  ['products', '/products', 'student'],
  ['products-anonymous', '/products?page=2', 'anonymous'],
  ['product-detail', `/products/${laptop.id}`, 'student'],
  ['product-detail-zoom', `/products/${laptop.id}`, 'anonymous', 'Ampliar foto 1 de 3'],
  ['product-detail-sold', `/products/${sold.id}`, 'student'],
  ['product-detail-owner', `/products/${laptop.id}`, 'seller'],
  ['search', '/search?search=bicicleta', 'student'],
  ['search-filters', '/search?categoryId=5&maxPrice=300000&status=USADO', 'anonymous'],
  ['create-product', '/create-product', 'student'],
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
  ['my-favorites', '/my-favorites', 'student'],
  ['my-purchases', '/my-purchases', 'student'],
  ['my-purchases-rate', '/my-purchases', 'student', `Calificar producto: ${bought.title}`],
  ['my-products-offers', '/my-products', 'seller', `Ver ofertas de ${offered.title}`],
  ['product-detail-offer', `/products/${offered.id}`, 'student', 'Hacer una oferta'],
  ['notifications-seller', '/notifications', 'seller'],
  ['chat-meetup', `/chat?userId=${seller.id}`, 'student'],
];
/** `SCREENSHOTS_ONLY=chat-meetup,admin-panel` takes only those screens. */
const only = process.env.SCREENSHOTS_ONLY?.split(',').filter(Boolean);
const chosen = only ? pages.filter(([name]) => only.includes(name)) : pages;

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const width of [390, 1280]) {
    for (const [name, path, who, press] of chosen) {
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
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      const button = press ? page.getByRole('button', { name: press, exact: true }) : null;
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
