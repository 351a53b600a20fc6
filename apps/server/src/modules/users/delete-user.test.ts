import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, productImages, products } from '../../db/schema';
import { uploadsDir } from '../../plugins/storage';
import { bearer, createAccount, createTestApp, type TestContext } from '../../test/helpers';
import { uploadPhotos } from '../../test/products';
import { SESSIONS_REVOKED_TOPIC } from '../../db/sessions';

/** Deleting a user asks each module to remove what is its own (issue 8 groundwork). */
describe('DELETE /api/users/{id} and the data of other modules', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const addListing = async (sellerId: number, title: string, isSold: boolean) => {
    const [category] = await ctx.database.db.select().from(categories).limit(1);
    const [product] = await ctx.database.db
      .insert(products)
      .values({
        sellerId,
        categoryId: category!.id,
        title,
        description: 'Descripción',
        price: 1000,
        condition: 'Usado',
        location: 'Campus',
        isSold,
      })
      .returning();
    const key = `products/test/${product!.id}.webp`;
    const thumbnailKey = `products/test/${product!.id}-thumb.webp`;
    await ctx.app.storage.put(key, Buffer.from('full'), { contentType: 'image/webp' });
    await ctx.app.storage.put(thumbnailKey, Buffer.from('thumb'), { contentType: 'image/webp' });
    await ctx.database.db.insert(productImages).values({
      productId: product!.id,
      position: 0,
      key,
      width: 800,
      height: 600,
      thumbnailKey,
      thumbnailWidth: 480,
      thumbnailHeight: 360,
      sizeBytes: 9,
    });
    return { id: product!.id, files: [key, thumbnailKey] };
  };
  const fileExists = (key: string) => existsSync(path.join(uploadsDir(ctx.config.dataDir), key));

  it("removes the seller's unsold listings and their photo files; sold ones stay", async () => {
    const admin = await createAccount(ctx, { admin: true, verified: true });
    const seller = await createAccount(ctx, { verified: true });
    const unsold = await addListing(seller.user.id, 'Calculadora', false);
    const sold = await addListing(seller.user.id, 'Bicicleta', true);

    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${seller.user.id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(204);
    const remaining = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sellerId, seller.user.id));
    expect(remaining).toEqual([{ id: sold.id }]);
    for (const key of unsold.files) expect(fileExists(key), key).toBe(false);
    for (const key of sold.files) expect(fileExists(key), key).toBe(true);
  });

  it('removes the photos they uploaded but never published, and their public listings at once', async () => {
    const admin = await createAccount(ctx, { admin: true, verified: true });
    const seller = await createAccount(ctx, { verified: true });
    const listing = await addListing(seller.user.id, 'Guitarra', false);
    // Cached by an anonymous visit before the deletion.
    const before = await ctx.app.inject({ method: 'GET', url: '/api/products/available' });
    expect(before.json<{ id: number }[]>().map((p) => p.id)).toContain(listing.id);
    const [url] = await uploadPhotos(ctx, seller.token, 1);
    const key = ctx.app.storage.keyFromUrl(url!)!;
    expect(fileExists(key)).toBe(true);

    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${seller.user.id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(204);
    expect(fileExists(key)).toBe(false);
    expect(fileExists(key.replace('.webp', '-t.webp'))).toBe(false);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/products/available' });
    expect(after.json<{ id: number }[]>().map((p) => p.id)).not.toContain(listing.id);
  });

  it('announces the revoked sessions on the bus once the deletion committed', async () => {
    const admin = await createAccount(ctx, { admin: true, verified: true });
    const target = await createAccount(ctx);
    const heard: unknown[] = [];
    const unsubscribe = ctx.app.bus.subscribe(SESSIONS_REVOKED_TOPIC, (event) => heard.push(event));
    try {
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/users/${target.user.id}`,
        headers: bearer(admin.token),
      });
      await delay(20);
      expect(heard).toEqual([{ userIds: [target.user.id] }]);
    } finally {
      unsubscribe();
    }
  });
});
