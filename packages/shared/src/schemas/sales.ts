import { z } from 'zod';
import { idSchema, paginationQuerySchema, priceSchema } from './common';
import { productSchema } from './products';

export { SALE_MESSAGES, SALE_STATUSES, SALE_STATUS_LABELS } from './trade-messages';
export type { SaleStatus } from './trade-messages';
import { SALE_MESSAGES, SALE_STATUSES } from './trade-messages';

/** An offered price: above 0 once rounded to cents, like a listing's (spec section 5). */
export const offerPriceSchema = priceSchema({
  required: SALE_MESSAGES.priceInvalid,
  invalid: SALE_MESSAGES.priceInvalid,
  positive: SALE_MESSAGES.pricePositive,
  tooHigh: SALE_MESSAGES.priceTooHigh,
});

/**
 * `POST /api/sales` (spec section 7: buyerId, productId, price, status 'pending'). The buyer is
 * the caller: a `buyerId` naming someone else is a 403. `status` is accepted and ignored: an
 * offer always starts pending.
 */
export const createSaleBodySchema = z.object({
  buyerId: idSchema.nullish(),
  productId: idSchema,
  price: offerPriceSchema,
  status: z.unknown().optional(),
});
export type CreateSaleBody = z.input<typeof createSaleBodySchema>;
export type CreateSaleInput = z.output<typeof createSaleBodySchema>;

/** architecture.md, API contract: `{ id, buyerId, productId, price, status, createdAt }`, plus names. */
export const saleSchema = z.object({
  id: z.number().int(),
  buyerId: z.number().int(),
  /** The buyer's name ('Usuario eliminado' for a deleted account), for the offers dialog. */
  buyerName: z.string(),
  productId: z.number().int(),
  price: z.number(),
  status: z.enum(SALE_STATUSES),
  createdAt: z.string().describe('ISO-8601, UTC'),
  /** When the seller accepted or rejected it (null while pending). */
  decidedAt: z.string().nullable(),
});
export type Sale = z.infer<typeof saleSchema>;

/** `GET /api/sales/buyer/{buyerId}`: an accepted sale with its product embedded. */
export const purchaseSchema = saleSchema.extend({
  product: productSchema,
  /** Whether the buyer already rated this purchase ('Ya calificado', spec section 2). */
  isReviewed: z.boolean(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** `GET /api/sales?productId=` (the product's owner only), newest first. */
export const saleListQuerySchema = paginationQuerySchema.extend({
  productId: idSchema.optional(),
});
export type SaleListQuery = z.output<typeof saleListQuerySchema>;

/** `GET /api/sales/product/{id}/offers` and `GET /api/sales/buyer/{buyerId}`. */
export const salePageQuerySchema = paginationQuerySchema;
export type SalePageQuery = z.output<typeof salePageQuerySchema>;

export const buyerParamsSchema = z.object({ buyerId: idSchema });
