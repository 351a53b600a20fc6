import type { Product } from '@unimercado/shared/schemas/products';
import type { Purchase, Sale } from '@unimercado/shared/schemas/sales';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reviews, sales } from '../../db/schema';
import { createAccount, createTestApp, type Account, type TestContext } from '../../test/helpers';
import { createProduct } from '../../test/products';
import { acceptOffer, callAs, postOffer, rejectOffer } from '../../test/trade';

/**
 * The offer life cycle as a property (issue 9, Tests): any sequence of offers, accepts, rejects,
 * sold marks, price edits, deletions and reviews, by anyone, keeps the invariants.
 */
describe('offer life cycle (property)', () => {
  let ctx: TestContext;
  let actors: Account[];

  beforeAll(async () => {
    ctx = await createTestApp();
    actors = await Promise.all([
      createAccount(ctx, { verified: true }), // 0: seller of products 0 and 1
      createAccount(ctx, { verified: true }), // 1: seller of product 2, buyer elsewhere
      createAccount(ctx, { verified: true }), // 2: buyer
      createAccount(ctx, { verified: true }), // 3: buyer
      createAccount(ctx), // 4: unverified
      createAccount(ctx, { verified: true, admin: true }), // 5: admin
    ]);
  });
  afterAll(() => ctx.close());

  const anyone = fc.integer({ min: 0, max: 6 }); // 6: anonymous
  /** Mostly the members who can buy (1, 2, 3), sometimes anyone. */
  const buyerOrAnyone = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 3 }) },
    { weight: 1, arbitrary: anyone },
  );
  /** Mostly the product's seller ('owner'), sometimes anyone. */
  const ownerOrAnyone = fc.oneof(
    { weight: 3, arbitrary: fc.constant('owner' as const) },
    { weight: 1, arbitrary: anyone },
  );
  const productIndex = fc.integer({ min: 0, max: 2 });
  const command = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('offer' as const),
        actor: buyerOrAnyone,
        product: productIndex,
        // A share of the listed price: mostly below it, sometimes at or above it.
        share: fc.oneof(
          { weight: 4, arbitrary: fc.integer({ min: 1, max: 99 }) },
          { weight: 1, arbitrary: fc.integer({ min: 0, max: 150 }) },
        ),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('accept' as const),
        actor: ownerOrAnyone,
        sale: fc.nat(20),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('reject' as const),
        actor: ownerOrAnyone,
        sale: fc.nat(20),
      }),
    },
    fc.record({ kind: fc.constant('sold' as const), actor: ownerOrAnyone, product: productIndex }),
    fc.record({
      kind: fc.constant('price' as const),
      actor: ownerOrAnyone,
      product: productIndex,
      price: fc.integer({ min: 1, max: 20000 }),
    }),
    fc.record({
      kind: fc.constant('delete' as const),
      actor: ownerOrAnyone,
      product: productIndex,
    }),
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('review' as const),
        // Mostly whoever bought the product (if anyone did), sometimes anyone.
        actor: fc.oneof(
          { weight: 3, arbitrary: fc.constant('purchaser' as const) },
          { weight: 1, arbitrary: anyone },
        ),
        product: productIndex,
        rating: fc.integer({ min: 1, max: 5 }),
      }),
    },
  );

  const checkInvariants = async (productIds: number[]) => {
    const { db } = ctx.database;
    const productRows = await db.select().from(products).where(inArray(products.id, productIds));
    const saleRows = await db.select().from(sales).where(inArray(sales.productId, productIds));
    const reviewRows = await db
      .select()
      .from(reviews)
      .where(inArray(reviews.productId, productIds));
    for (const product of productRows) {
      const own = saleRows.filter((sale) => sale.productId === product.id);
      const accepted = own.filter((sale) => sale.status === 'accepted');
      // At most one accepted sale per product, and then the product is sold.
      expect(accepted.length).toBeLessThanOrEqual(1);
      if (accepted.length > 0) expect(product.isSold).toBe(true);
      // A sold product has no pending offers.
      if (product.isSold) expect(own.filter((sale) => sale.status === 'pending')).toEqual([]);
      // One pending offer per buyer.
      const pendingBuyers = own.filter((sale) => sale.status === 'pending').map((s) => s.buyerId);
      expect(new Set(pendingBuyers).size).toBe(pendingBuyers.length);
    }
    // A product with an accepted sale is never deleted.
    for (const sale of saleRows.filter((row) => row.status === 'accepted')) {
      expect(productRows.some((product) => product.id === sale.productId)).toBe(true);
    }
    // A review exists only for an accepted sale (its buyer, about its seller), once.
    for (const review of reviewRows) {
      const product = productRows.find((row) => row.id === review.productId);
      expect(review.revieweeId).toBe(product?.sellerId);
      expect(
        saleRows.some(
          (sale) =>
            sale.productId === review.productId &&
            sale.buyerId === review.reviewerId &&
            sale.status === 'accepted',
        ),
      ).toBe(true);
    }
    const pairs = reviewRows.map((row) => `${row.reviewerId}:${row.productId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    // Only accepted sales are purchases.
    for (const buyer of actors) {
      const res = await callAs(ctx, buyer, 'GET', `/api/sales/buyer/${buyer.user.id}?size=100`);
      const listed = res
        .json<Purchase[]>()
        .filter((purchase) => productIds.includes(purchase.productId));
      const expected = saleRows.filter(
        (sale) => sale.buyerId === buyer.user.id && sale.status === 'accepted',
      );
      expect(listed.map((purchase) => purchase.id).sort()).toEqual(
        expected.map((sale) => sale.id).sort(),
      );
      expect(listed.every((purchase) => purchase.status === 'accepted')).toBe(true);
    }
  };

  it('keeps the invariants for any sequence of actions by anyone', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 16 }), async (commands) => {
        const [sellerA, sellerB] = actors as [Account, Account];
        const listed: Product[] = [
          await createProduct(ctx, sellerA, { price: 10000 }),
          await createProduct(ctx, sellerA, { price: 5000 }),
          await createProduct(ctx, sellerB, { price: 8000 }),
        ];
        const productIds = listed.map((product) => product.id);
        const sellers = [sellerA, sellerA, sellerB];
        const saleIds: { id: number; product: number; buyer: Account }[] = [];
        const purchasers = new Map<number, Account>();
        const pickSale = (index: number) =>
          saleIds.length > 0 ? saleIds[index % saleIds.length]! : undefined;
        for (const step of commands) {
          const product =
            step.kind === 'accept' || step.kind === 'reject'
              ? (pickSale(step.sale)?.product ?? 0)
              : step.product;
          const who =
            step.actor === 'owner'
              ? sellers[product]!
              : step.actor === 'purchaser'
                ? (purchasers.get(product) ?? actors[2]!)
                : (actors[step.actor] ?? null);
          let res;
          switch (step.kind) {
            case 'offer': {
              const { id, price } = listed[step.product]!;
              res = await postOffer(ctx, who, id, Math.round((price * step.share) / 100));
              if (res.statusCode === 201 && who) {
                saleIds.push({ id: res.json<Sale>().id, product, buyer: who });
              }
              break;
            }
            case 'accept':
            case 'reject': {
              const decide = step.kind === 'accept' ? acceptOffer : rejectOffer;
              const sale = pickSale(step.sale);
              res = await decide(ctx, who, sale?.id ?? 1);
              if (step.kind === 'accept' && sale && res.statusCode === 200) {
                purchasers.set(sale.product, sale.buyer);
              }
              break;
            }
            case 'sold':
              res = await callAs(
                ctx,
                who,
                'PATCH',
                `/api/products/${productIds[step.product]}/sold`,
              );
              break;
            case 'price':
              res = await callAs(ctx, who, 'PUT', `/api/products/${productIds[step.product]}`, {
                price: step.price,
              });
              if (res.statusCode === 200) listed[step.product] = res.json<Product>();
              break;
            case 'delete':
              res = await callAs(ctx, who, 'DELETE', `/api/products/${productIds[step.product]}`);
              break;
            case 'review':
              res = await callAs(ctx, who, 'POST', '/api/reviews', {
                productId: productIds[step.product],
                rating: step.rating,
                comment: 'Propiedad',
              });
              break;
          }
          // Every refusal is a contract error, never a server fault.
          expect(res.statusCode, `${step.kind}: ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.json<{ error: string; message: string }>().error).toBeTruthy();
          }
        }
        await checkInvariants(productIds);
      }),
      { numRuns: 30 },
    );
  });
});
