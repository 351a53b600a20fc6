import { E2E_BASE_URL } from './support/env';
import { createMember, type Member } from './support/members';
import { publishProduct } from './support/products';
import { expect, test } from './support/test';

// Issue 21, "A smarter search": a misspelt word finds the listing (decision 097), and the card
// shows the seller's rating and review count (decision 099).

const api = async (method: string, path: string, who: Member, body?: unknown) => {
  const response = await fetch(`${E2E_BASE_URL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${who.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return response.status === 204 ? null : ((await response.json()) as { id: number });
};

test('a typo search finds the listing, and its card shows the seller rating', async ({ page }) => {
  const stamp = Date.now();
  const seller = await createMember('Marta Vende', `marta.typo.${stamp}@uni.edu`);
  const buyer = await createMember('Iván Compra', `ivan.typo.${stamp}@uni.edu`);
  // A rare word, so the listing is the only one that matches it.
  const word = `Teodolito${String(stamp)
    .slice(-4)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const product = {
    description: 'Con trípode y estuche.',
    price: 90000,
    status: 'Usado' as const,
    location: 'Bloque 19',
  };
  // One sale reviewed: the seller's rating is 4,00 from 1 review.
  const sold = await publishProduct(seller, { ...product, title: `${word} viejo` });
  const sale = await api('POST', '/api/sales', buyer, {
    buyerId: buyer.id,
    productId: sold,
    price: 80000,
  });
  await api('PUT', `/api/sales/${sale!.id}/accept`, seller);
  await api('POST', `/api/handoffs/${sale!.id}/confirm`, buyer);
  await api('POST', '/api/reviews', buyer, { productId: sold, rating: 4, comment: 'Bien' });
  await publishProduct(seller, { ...product, title: `${word} nuevo` });

  // The word with a letter dropped and no capital: still found.
  const typo = word.toLowerCase().replace('dol', 'dl');
  await page.goto(`/search?search=${encodeURIComponent(typo)}`);
  const card = page.getByRole('article').filter({ hasText: `${word} nu` });
  await expect(card).toBeVisible();
  await expect(card.getByText('4,00 (1 reseña)')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Calificación del vendedor' })).toBeVisible();
});
