import { E2E_BASE_URL } from './support/env';
import { createMember, signIn } from './support/members';
import { publishProduct } from './support/products';
import { expect, test } from './support/test';

// Issue 21, "Listings that stay fresh": expiry and renewal with the clock moved, and a course
// search. The clock is moved for one listing through the test-only hook (TEST_HOOKS=1, never in
// production: decision 094), which then runs the periodic expiry pass at once; moving the whole
// server's clock would also expire the sessions of the run.

const stamp = Date.now().toString(36).slice(-5);

/** Sets the listing to expire `days` from now (negative: in the past), then runs the job. */
const moveExpiry = async (productId: number, days: number) => {
  const response = await fetch(`${E2E_BASE_URL}/api/test/products/${productId}/expiry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ expiresInDays: days }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { reminded: number; expired: number };
};

test('a listing is reminded, expires out of search, and Renovar brings it back', async ({
  page,
  browser,
}) => {
  const seller = await createMember('Elena Fresca', `elena.fresca.${stamp}@uni.edu.co`);
  const title = `Termodinámica ${stamp}`;
  const id = await publishProduct(seller, {
    title,
    description: 'Séptima edición, como nueva.',
    price: 90000,
    status: 'Usado',
    location: 'Biblioteca Central',
  });

  // 58 days later: 2 days to go, the seller is told once.
  expect(await moveExpiry(id, 2)).toMatchObject({ reminded: 1 });
  const own = await signIn(browser, seller);
  await own.goto('/notifications');
  await expect(own.getByText(new RegExp(`«${title}» caduca el`))).toBeVisible();

  // 61 days later: expired, gone from the search and the product page for anyone else.
  expect(await moveExpiry(id, -1)).toMatchObject({ expired: 1 });
  await page.goto(`/search?search=${encodeURIComponent(title)}`);
  await expect(page.getByText('No encontramos productos con esos filtros')).toBeVisible();
  await page.goto(`/products/${id}`);
  await expect(page.getByText('El producto no fue encontrado.')).toBeVisible();

  // The seller sees it on My products as expired and renews it in one click.
  await own.goto('/my-products');
  const card = own.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('CADUCADO')).toBeVisible();
  await card.getByRole('button', { name: `Renovar ${title}` }).click();
  await expect(
    own.getByText('Publicación renovada: vuelve a aparecer en las búsquedas.'),
  ).toBeVisible();
  await expect(card.getByText('CADUCADO')).toHaveCount(0);

  await page.goto(`/search?search=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await own.context().close();
});

test('a course chip on a card finds everything for that course', async ({ page }) => {
  const seller = await createMember('Tomás Cursos', `tomas.cursos.${stamp}@uni.edu.co`);
  const course = `FIS${String(Date.now() % 100000).padStart(5, '0')}`;
  const book = `Física Serway ${stamp}`;
  const notes = `Apuntes lab ${stamp}`;
  const unrelated = `Lámpara ${stamp}`;
  for (const [title, courseCodes] of [
    [book, [course.toLowerCase()]],
    [notes, [course, 'MAT101']],
    [unrelated, []],
  ] as const) {
    await publishProduct(seller, {
      title,
      description: 'En buen estado.',
      price: 30000,
      status: 'Usado',
      location: 'Bloque B',
      courseCodes: [...courseCodes],
    });
  }

  await page.goto(`/search?search=${encodeURIComponent(book)}`);
  const card = page.getByRole('article').filter({ hasText: book });
  await card.getByRole('link', { name: `Ver todo lo del curso ${course}` }).click();
  await expect(page).toHaveURL(new RegExp(`course=${course}`));
  await expect(page.getByText(`Curso: ${course}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: book })).toBeVisible();
  await expect(page.getByRole('heading', { name: notes })).toBeVisible();
  await expect(page.getByRole('heading', { name: unrelated })).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(2);
});
