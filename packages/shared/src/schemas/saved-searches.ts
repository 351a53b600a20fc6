import { z } from 'zod';
import {
  PRODUCT_CONDITIONS,
  PRODUCT_SORTS,
  SAVED_SEARCH_NAME_MAX_LENGTH,
  SAVED_SEARCHES_MAX,
} from '../constants';
import { formatCount } from '../format';
import { PRODUCT_MESSAGES } from './product-messages';
import { isPriceRangeValid, productSearchFields } from './products';

/** Spanish texts of saved searches and their alerts (issue 21). */
export const SAVED_SEARCH_MESSAGES = {
  nameRequired: 'Escribe un nombre para la búsqueda.',
  nameTooLong: `El nombre no puede tener más de ${SAVED_SEARCH_NAME_MAX_LENGTH} caracteres.`,
  limit: `Puedes guardar hasta ${SAVED_SEARCHES_MAX} búsquedas. Borra alguna que ya no uses para guardar esta.`,
  duplicate: 'Ya tienes guardada esta búsqueda.',
  notFound: 'La búsqueda guardada no existe.',
  notOwner: 'Solo puedes ver y cambiar tus propias búsquedas guardadas.',
  nothingToChange: 'Indica qué quieres cambiar: el nombre, la pausa o el aviso por correo.',
  /** The name of a search saved without text or filters. */
  everything: 'Todos los productos',
  /** The grouped alert: 'Hay 3 productos nuevos para «calculadora»'. */
  alert: (count: number, name: string) =>
    `Hay ${formatCount(count, 'producto nuevo', 'productos nuevos')} para «${name}»`,
} as const;

/** `POST /api/saved-searches`: the search as /search has it (text, filters, sort), and a name. */
export const createSavedSearchBodySchema = z
  .object({
    /** Default: the text, or 'Todos los productos' when there is none. */
    name: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z
        .string({ error: SAVED_SEARCH_MESSAGES.nameRequired })
        .trim()
        .max(SAVED_SEARCH_NAME_MAX_LENGTH, SAVED_SEARCH_MESSAGES.nameTooLong)
        .optional(),
    ),
    ...productSearchFields,
  })
  .refine(isPriceRangeValid, { message: PRODUCT_MESSAGES.priceRange, path: ['minPrice'] });
export type CreateSavedSearchBody = z.input<typeof createSavedSearchBodySchema>;
export type CreateSavedSearchInput = z.output<typeof createSavedSearchBodySchema>;

/** `PATCH /api/saved-searches/{id}`: rename, pause or resume, email digest on or off. */
export const updateSavedSearchBodySchema = z
  .object({
    name: z
      .string({ error: SAVED_SEARCH_MESSAGES.nameRequired })
      .trim()
      .min(1, SAVED_SEARCH_MESSAGES.nameRequired)
      .max(SAVED_SEARCH_NAME_MAX_LENGTH, SAVED_SEARCH_MESSAGES.nameTooLong)
      .optional(),
    isPaused: z.boolean().optional(),
    emailDigest: z.boolean().optional(),
  })
  .refine(
    (body) =>
      body.name !== undefined || body.isPaused !== undefined || body.emailDigest !== undefined,
    { message: SAVED_SEARCH_MESSAGES.nothingToChange },
  );
export type UpdateSavedSearchBody = z.input<typeof updateSavedSearchBodySchema>;

export const savedSearchSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  search: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  status: z.enum(PRODUCT_CONDITIONS).nullable(),
  location: z.string().nullable(),
  sort: z.enum(PRODUCT_SORTS).nullable(),
  /** A paused search alerts nobody; its new matches are not counted either. */
  isPaused: z.boolean(),
  /** The member opted in to at most one email a day about this search's new listings. */
  emailDigest: z.boolean(),
  /** Listings that matched since the member last opened it and are still available. */
  newCount: z.number().int(),
  lastSeenAt: z.string().describe('ISO-8601, UTC'),
  createdAt: z.string().describe('ISO-8601, UTC'),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
