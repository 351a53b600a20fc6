import { expect } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import type { Member } from './members';

export type NewProduct = {
  title: string;
  description: string;
  price: number;
  status: 'Nuevo' | 'Seminuevo' | 'Usado';
  location: string;
  /** Course codes ('MAT101'), decision 095. */
  courseCodes?: string[];
};

/**
 * The seller publishes through the API, in the first category (the listings journey covers the
 * publish screen); answers the product's id.
 */
export const publishProduct = async (seller: Member, product: NewProduct) => {
  const categories = (await (await fetch(`${E2E_BASE_URL}/api/categories`)).json()) as {
    id: number;
  }[];
  const created = await fetch(`${E2E_BASE_URL}/api/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` },
    body: JSON.stringify({ ...product, categoryId: categories[0]!.id }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: number }).id;
};
