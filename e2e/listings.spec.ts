import { expect, test, type Page } from './support/test';
import { takeVerificationPath } from './support/outbox';

const PASSWORD = 'clave-segura-123';

/** Two small, different PNG photos (the server re-encodes them to WebP). */
const PHOTOS = [
  {
    name: 'camara-frente.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNIYniFFTEMpAQAJOQ+Qd1LnxEAAAAASUVORK5CYII=',
      'base64',
    ),
  },
  {
    name: 'camara-lado.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAYAAAAICAIAAABVpBlvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNgvnUMDTEMBiEAMCFOkdDw8AkAAAAASUVORK5CYII=',
      'base64',
    ),
  },
];

const seller = {
  name: 'Camila Torres',
  email: `camila.${Date.now()}@uni.edu.co`,
};
const TITLE = `Cámara réflex Nikon ${Date.now().toString(36).slice(-4)}`;

const signIn = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('Correo Electrónico').fill(email);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByRole('button', { name: /^Iniciar sesión$/i }).click();
  await expect(page).toHaveURL(/\/products$/);
};

test('a seller publishes with two photos, finds it by search, edits it and marks it sold', async ({
  page,
  request,
}) => {
  const registered = await request.post('/api/users', {
    data: { ...seller, phone: '', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const verified = await request.post(`/api/auth${await takeVerificationPath(seller.email)}`);
  expect(verified.status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, seller.email);

  // Publish, with two photos.
  await page.goto('/create-product');
  await page.getByLabel(/^Título/).fill(TITLE);
  await page.getByLabel(/^Descripción/).fill('Lente 18-55, dos baterías y estuche. Muy cuidada.');
  await page.getByLabel(/^Precio/).fill('1200000');
  await page.getByLabel(/^Ubicación/).fill('Bloque 19 - Ingeniería');
  await page.getByLabel(/^Estado/).selectOption('Seminuevo');
  await page.getByLabel(/^Categoría/).selectOption({ label: 'Electrónica' });
  await page.getByTestId('product-photos-input').setInputFiles(PHOTOS);
  await expect(page.getByRole('img', { name: /Vista previa de/ })).toHaveCount(2);
  await page.getByRole('button', { name: 'Publicar producto' }).click();
  await expect(page.getByText('¡Producto publicado exitosamente! Redirigiendo...')).toBeVisible();
  // The page moves on 1.5 s after the success message.
  await expect(page).toHaveURL(/\/my-products$/, { timeout: 15_000 });
  await expect(page.getByText(TITLE.slice(0, 23))).toBeVisible();

  // Find it with an accent-free query and a price filter.
  await page.goto('/search');
  const query = TITLE.replace('Cámara réflex', 'camara reflex').toLowerCase();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(query);
  await page.getByRole('button', { name: 'Filtros' }).click();
  await page.getByLabel('Precio máximo').fill('1500000');
  await expect(page).toHaveURL(/maxPrice=1500000/);
  await expect(page).toHaveURL(/search=camara/);
  const result = page.getByRole('link', { name: new RegExp(TITLE.slice(0, 12)) });
  await expect(result).toBeVisible();
  // A price limit below it hides it.
  await page.getByLabel('Precio máximo').fill('1000000');
  await expect(page.getByText('No encontramos productos con esos filtros')).toBeVisible();
  await page.getByLabel('Precio máximo').fill('1500000');
  await expect(page).toHaveURL(/maxPrice=1500000/);
  await expect(result).toBeVisible();

  // Open it: both photos, the fields, and the seller.
  await result.click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText('$ 1.200.000')).toBeVisible();
  await expect(page.getByRole('button', { name: /Ver foto \d de 2/ })).toHaveCount(2);
  await expect(page.getByText('Este es tu producto')).toBeVisible();
  const detailUrl = page.url();

  // Edit it from My products.
  await page.goto('/my-products');
  await page.getByRole('button', { name: `Editar ${TITLE}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar producto' });
  await dialog.getByLabel(/^Precio/).fill('1100000');
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Producto actualizado')).toBeVisible();
  await expect(page.getByText('$ 1.100.000')).toBeVisible();

  // Mark it sold: it moves to Vendidos with the VENDIDO banner.
  await page.getByRole('button', { name: `Marcar ${TITLE} como vendido` }).click();
  await page
    .getByRole('dialog', { name: '¿Marcar como vendido?' })
    .getByRole('button', { name: 'Marcar como vendido' })
    .click();
  await expect(page.getByText('Producto marcado como vendido')).toBeVisible();
  await page.getByRole('tab', { name: /Vendidos/ }).click();
  const soldCard = page.getByRole('article').filter({ hasText: TITLE.slice(0, 23) });
  await expect(soldCard.getByText('VENDIDO')).toBeVisible();

  await page.goto(detailUrl);
  await expect(page.getByText('VENDIDO').first()).toBeVisible();
  await expect(
    page.getByText('Este producto ya se vendió: no recibe ofertas ni mensajes.'),
  ).toBeVisible();
});

test('a shared product link previews with its title, price and photo', async ({ request }) => {
  const list = await request.get('/api/products?search=nikon&isSold=true&size=1');
  const [product] = (await list.json()) as { id: number; title: string }[];
  expect(product).toBeDefined();
  const html = await (await request.get(`/products/${product!.id}`)).text();
  expect(html).toContain(
    `<meta property="og:title" content="${product!.title} · $\u00a01.100.000 (vendido)"`,
  );
  expect(html).toMatch(
    /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/api\/products\/\d+\/share-image\.jpg\?v=/,
  );
});
