import { z } from 'zod';
import {
  COURSE_CODE_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  MAX_COURSE_CODES,
  MAX_ID,
  MAX_IMAGES,
  PRICE_MAX,
  PRODUCT_CONDITIONS,
  PRODUCT_SORTS,
  SEARCH_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  toProductCondition,
} from '../constants';
import { idSchema, paginationQuerySchema, priceSchema, readSignedDecimalText } from './common';
import { meetupSpotIdsSchema, meetupSpotSchema } from './meetups';
import { PRODUCT_MESSAGES } from './product-messages';

export { PRODUCT_MESSAGES };

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

const productPriceSchema = priceSchema({
  required: PRODUCT_MESSAGES.priceRequired,
  invalid: PRODUCT_MESSAGES.priceInvalid,
  positive: PRODUCT_MESSAGES.pricePositive,
  tooHigh: PRODUCT_MESSAGES.priceTooHigh,
});

/** Any spelling of a condition → the stored one; anything else is `message`. */
const conditionOf = (message: string) =>
  z.string({ error: message }).transform((value, ctx) => {
    const condition = toProductCondition(value);
    if (!condition) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return condition;
  });

const conditionSchema = conditionOf(PRODUCT_MESSAGES.conditionRequired);

const categoryIdSchema = z.preprocess(
  (value) => {
    const blank = blankToUndefined(value);
    return typeof blank === 'string' && /^\d{1,10}$/.test(blank.trim()) ? Number(blank) : blank;
  },
  z
    .number({ error: PRODUCT_MESSAGES.categoryRequired })
    .int(PRODUCT_MESSAGES.categoryRequired)
    // The form's placeholder option has the value 0 (spec section 5): not a category.
    .min(1, PRODUCT_MESSAGES.categoryRequired)
    .max(MAX_ID, PRODUCT_MESSAGES.categoryRequired),
);

/**
 * The contract's `imageUrl`: the comma-joined URLs answered by the upload call, cover first.
 * Blank or null means no photos.
 */
const imageUrlSchema = z
  .union([z.string().max(MAX_IMAGES * 600), z.null()])
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().max(500))
      .max(MAX_IMAGES, PRODUCT_MESSAGES.tooManyImages)
      .refine((urls) => new Set(urls).size === urls.length, PRODUCT_MESSAGES.imageNotUploaded),
  );

/** One course code as stored: trimmed, upper-cased ('mat101 ' → 'MAT101'). */
export const normalizeCourseCode = (code: string) => code.trim().toUpperCase();

/**
 * A listing's course codes (decision 095): a list, or comma-joined text; null or blank is none.
 * Normalised and de-duplicated here; the university's format and list are the server's check.
 */
export const courseCodesSchema = z
  .union([
    z.string().max(MAX_COURSE_CODES * (COURSE_CODE_MAX_LENGTH + 2)),
    z.array(z.string()),
    z.null(),
  ])
  .transform((value) =>
    (typeof value === 'string' ? value.split(',') : (value ?? []))
      .map(normalizeCourseCode)
      .filter(Boolean),
  )
  .transform((codes) => [...new Set(codes)])
  .pipe(
    z
      .array(z.string().max(COURSE_CODE_MAX_LENGTH, PRODUCT_MESSAGES.courseTooLong))
      .max(MAX_COURSE_CODES, PRODUCT_MESSAGES.tooManyCourses),
  );

const productFields = {
  title: requiredText(
    PRODUCT_MESSAGES.titleRequired,
    TITLE_MAX_LENGTH,
    PRODUCT_MESSAGES.titleTooLong,
  ),
  description: requiredText(
    PRODUCT_MESSAGES.descriptionRequired,
    DESCRIPTION_MAX_LENGTH,
    PRODUCT_MESSAGES.descriptionTooLong,
  ),
  price: productPriceSchema,
  status: conditionSchema,
  location: requiredText(
    PRODUCT_MESSAGES.locationRequired,
    LOCATION_MAX_LENGTH,
    PRODUCT_MESSAGES.locationTooLong,
  ),
  categoryId: categoryIdSchema,
  imageUrl: imageUrlSchema.optional(),
  /** Course codes ('MAT101'): textbooks, notes, lab kits (issue 21). */
  courseCodes: courseCodesSchema.optional(),
  /** Spec clients send the seller; only the caller's own id is accepted (403 otherwise). */
  sellerId: z.number().int().nullable().optional(),
  /**
   * Our extension (decision 082): the campus meet-up spots that suit the seller, the complete
   * list; left out, the listing's spots stay as they are. Spec clients never send it.
   */
  meetupSpotIds: meetupSpotIdsSchema.optional(),
};

/** The spec also calls the title `name`: a body with only `name` is read as the title. */
const titleAlias = (value: unknown) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return record.title === undefined && record.name !== undefined
    ? { ...record, title: record.name }
    : value;
};

/** The fields a person fills in to publish or edit (the forms validate with this too). */
export const productFormSchema = z.object(productFields).omit({ imageUrl: true, sellerId: true });

/** `POST /api/products` (spec section 7); sellerId comes from the token, isSold starts false. */
export const createProductBodySchema = z.preprocess(titleAlias, z.object(productFields));
export type CreateProductBody = z.input<typeof createProductBodySchema>;
export type CreateProductInput = z.output<typeof createProductBodySchema>;

/**
 * `PUT /api/products/{id}`: the product's fields; a field left out stays as it is. `imageUrl`
 * (when present) is the complete new list: kept photos, new uploads, cover first. `isSold` is
 * changed only by `PATCH .../sold` (one way) and ignored here.
 */
export const updateProductBodySchema = z.preprocess(
  titleAlias,
  z.object(productFields).partial().extend({ id: z.number().int().optional() }),
);
export type UpdateProductBody = z.input<typeof updateProductBodySchema>;
export type UpdateProductInput = z.output<typeof updateProductBodySchema>;

export const productImageSchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnailWidth: z.number().int(),
  thumbnailHeight: z.number().int(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/** architecture.md, API contract, plus what a grid or detail page needs in one request. */
export const productSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The same as `title` (the spec also calls it name). */
  name: z.string(),
  description: z.string(),
  price: z.number(),
  /** The condition: Nuevo, Seminuevo or Usado. */
  status: z.enum(PRODUCT_CONDITIONS),
  location: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  sellerId: z.number().int(),
  sellerName: z.string(),
  /** Comma-joined URLs of the large photos, cover first (the contract's form). */
  imageUrl: z.string(),
  images: z.array(productImageSchema),
  isSold: z.boolean(),
  /** Sold through an accepted offer whose hand-off is still open: 'Reservado' (decision 075). */
  isReserved: z.boolean(),
  soldAt: z.string().nullable(),
  /** Course codes it is for ('MAT101'), possibly none (decision 095). */
  courseCodes: z.array(z.string()),
  /**
   * When it stops being listed unless renewed (decision 094); it does not matter once sold.
   * ISO-8601, UTC.
   */
  expiresAt: z.string(),
  /** Expired: hidden from every list and search; only its seller (and admins) still see it. */
  isExpired: z.boolean(),
  /**
   * Hidden by moderation or pending review (decision 071): present (true) only then. Only its
   * seller, an admin and the buyer of an earlier purchase still see such a listing (decision 081).
   */
  isHidden: z.literal(true).optional(),
  createdAt: z.string().describe('ISO-8601, UTC'),
  updatedAt: z.string().describe('ISO-8601, UTC'),
  /**
   * Extension (decision 099): the seller's mean review rating (two decimals, 0 when none) and how
   * many reviews it is the mean of.
   */
  sellerRating: z.object({ average: z.number(), count: z.number().int() }),
  /** Detail views (one per viewer per day); only in answers to the product's seller. */
  viewCount: z.number().int().optional(),
  /** How many people saved it in their favourites; only in answers to the product's seller. */
  favoritesCount: z.number().int().optional(),
  /** The meet-up spots its seller marked (active ones, by name); only in a product's detail. */
  meetupSpots: z.array(meetupSpotSchema).optional(),
});
export type Product = z.infer<typeof productSchema>;

/** A price filter: plain decimal text only ('1e3', '0x10' and '850.000' are refused). */
const priceFilterSchema = z.preprocess(
  readSignedDecimalText,
  z
    .number({ error: PRODUCT_MESSAGES.priceInvalid })
    .min(0, { error: PRODUCT_MESSAGES.priceFilterNegative })
    .max(PRICE_MAX)
    .optional(),
);

/**
 * What a search filters and sorts on (spec section 7's filters plus the sort): the list query's
 * and a saved search's (issue 21) fields, so both read them the same way.
 */
export const productSearchFields = {
  categoryId: z.preprocess(blankToUndefined, idSchema.optional()),
  minPrice: priceFilterSchema,
  maxPrice: priceFilterSchema,
  /** The condition: NUEVO, SEMINUEVO or USADO (any case; Nuevo... too). */
  status: z.preprocess(
    blankToUndefined,
    conditionOf(PRODUCT_MESSAGES.conditionFilterInvalid).optional(),
  ),
  location: z.preprocess(blankToUndefined, z.string().trim().max(LOCATION_MAX_LENGTH).optional()),
  search: z.preprocess(blankToUndefined, z.string().trim().max(SEARCH_MAX_LENGTH).optional()),
  /** Default: relevance when `search` is given, newest otherwise. */
  sort: z.preprocess(blankToUndefined, z.enum(PRODUCT_SORTS).optional()),
  /** Listings for this course code (any case: 'mat101' finds 'MAT101'); decision 095. */
  course: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(COURSE_CODE_MAX_LENGTH, PRODUCT_MESSAGES.courseFilterInvalid)
      .transform(normalizeCourseCode)
      .optional(),
  ),
};

/** A minimum above the maximum is refused, on the minimum. */
export const isPriceRangeValid = (query: {
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
}) =>
  query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice;

/** Filters of `GET /api/products` (spec section 7) plus the sold flag and the sort. */
export const productListQuerySchema = paginationQuerySchema
  .extend({
    sellerId: z.preprocess(blankToUndefined, idSchema.optional()),
    ...productSearchFields,
    /** Omitted: a seller's list (`sellerId`) has both; any other only available ones. */
    isSold: z
      .preprocess(blankToUndefined, z.enum(['true', 'false']).optional())
      .transform((value) => (value === undefined ? undefined : value === 'true')),
  })
  .refine(isPriceRangeValid, { message: PRODUCT_MESSAGES.priceRange, path: ['minPrice'] });
export type ProductListQuery = z.output<typeof productListQuerySchema>;
export type ProductListParams = z.input<typeof productListQuerySchema>;

/** `GET /api/products/available`: the available products, newest first unless sorted. */
export const availableProductsQuerySchema = paginationQuerySchema.extend({
  sort: z.preprocess(blankToUndefined, z.enum(PRODUCT_SORTS).optional()),
});

/** The seller's dashboard (spec section 2, My products). */
export const sellerStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  sold: z.number().int(),
  /** Unsold but expired (decision 094); `active` counts the unsold ones still listed. */
  expired: z.number().int(),
  /** Sum of the prices of the sold products (spec section 9). */
  totalEarned: z.number(),
  totalViews: z.number().int(),
});
export type SellerStats = z.infer<typeof sellerStatsSchema>;

/** `GET /api/products/courses`: the university's format and the codes to suggest. */
export const courseCatalogSchema = z.object({
  /** The accepted format, a regular expression checked on the upper-cased code. */
  pattern: z.string(),
  /** Whether only the listed codes are accepted (the university gave a list). */
  isClosedList: z.boolean(),
  /** The known codes; without a university list, the codes used on listings, most used first. */
  codes: z.array(z.string()),
});
export type CourseCatalog = z.infer<typeof courseCatalogSchema>;

export const locationSuggestionsQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(LOCATION_MAX_LENGTH).optional()),
});

/**
 * `GET /api/products/price-guidance` (decision 098): what similar listings sold for, to help set
 * a price on the publish form. `title` is what has been typed so far.
 */
export const priceGuidanceQuerySchema = z.object({
  categoryId: idSchema,
  title: requiredText(
    PRODUCT_MESSAGES.titleRequired,
    TITLE_MAX_LENGTH,
    PRODUCT_MESSAGES.titleTooLong,
  ),
});
export type PriceGuidanceQuery = z.output<typeof priceGuidanceQuerySchema>;

/** Fewer similar sales than this and no figures are given: never a guess from one or two. */
export const PRICE_GUIDANCE_MIN_SALES = 3;

/** The figures are null when `count` is below PRICE_GUIDANCE_MIN_SALES. */
export const priceGuidanceSchema = z.object({
  /** Similar listings sold (same category, similar title), at most the 50 most similar. */
  count: z.number().int(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  median: z.number().nullable(),
});
export type PriceGuidance = z.infer<typeof priceGuidanceSchema>;
