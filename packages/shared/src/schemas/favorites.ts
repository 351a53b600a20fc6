import { z } from 'zod';
import { idSchema, paginationQuerySchema } from './common';
import { productSchema } from './products';

export { FAVORITE_MESSAGES } from './trade-messages';

/**
 * `POST /api/favorites` (spec section 7: userId, productId): a toggle for the caller. A `userId`
 * naming someone else is a 403.
 */
export const toggleFavoriteBodySchema = z.object({
  userId: idSchema.nullish(),
  productId: idSchema,
});
export type ToggleFavoriteBody = z.input<typeof toggleFavoriteBodySchema>;

/** The answer of the toggle and of `GET /api/favorites/status?productId=`. */
export const favoriteStateSchema = z.object({
  userId: z.number().int(),
  productId: z.number().int(),
  /** Whether the product is now among the caller's favourites. */
  isFavorite: z.boolean(),
});
export type FavoriteState = z.infer<typeof favoriteStateSchema>;

/**
 * An item of `GET /api/favorites?userId=`: spec clients read `productId` (and fetch each
 * product); our page reads the embedded `product`, so one request is enough.
 */
export const favoriteSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  productId: z.number().int(),
  createdAt: z.string().describe('ISO-8601, UTC'),
  product: productSchema,
});
export type Favorite = z.infer<typeof favoriteSchema>;

/** `GET /api/favorites?userId=`: the caller's own only, newest first; one page (default 100). */
export const favoritesQuerySchema = paginationQuerySchema.extend({
  userId: idSchema.optional(),
});
export type FavoritesQuery = z.output<typeof favoritesQuerySchema>;

/** `GET /api/favorites/status?productId=`: whether the caller saved that product. */
export const favoriteStatusQuerySchema = z.object({ productId: idSchema });

/**
 * `GET /api/favorites/ids`: the ids of every product the caller saved, so the hearts on any grid
 * are right whatever the number of favourites (the list itself is paginated).
 */
export const favoriteIdsSchema = z.object({ productIds: z.array(z.number().int()) });
export type FavoriteIds = z.infer<typeof favoriteIdsSchema>;
