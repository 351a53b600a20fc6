import { z } from 'zod';
import { MAX_ID, MAX_PAGE_SIZE, PAGE_SIZE } from '../constants';

export const idSchema = z.coerce.number().int().positive().max(MAX_ID);
export const idParamsSchema = z.object({ id: idSchema });

/** Lists are paginated on the server: `page` is 0-based, `size` bounded. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Header carrying the total of a paginated list. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
