import { z } from 'zod';
import {
  DESCRIPTION_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  MAX_ID,
  MAX_IMAGE_BYTES,
  MAX_IMAGES,
  PRICE_MAX,
  PRODUCT_CONDITIONS,
  PRODUCT_SORTS,
  SEARCH_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  type ProductCondition,
} from '../constants';
import { idSchema, paginationQuerySchema } from './common';

const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);

/** Spanish messages of spec sections 5 and 8, shared by the forms and the API. */
export const PRODUCT_MESSAGES = {
  titleRequired: 'El título es obligatorio',
  titleTooLong: `El título no puede tener más de ${TITLE_MAX_LENGTH} caracteres`,
  descriptionRequired: 'La descripción es obligatoria',
  descriptionTooLong: `La descripción no puede tener más de ${DESCRIPTION_MAX_LENGTH} caracteres`,
  priceRequired: 'El precio es obligatorio',
  priceInvalid: 'Ingresa un precio válido',
  pricePositive: 'El precio debe ser mayor a 0.',
  priceTooHigh: 'El precio no puede superar $ 999.999.999',
  locationRequired: 'La ubicación es obligatoria',
  locationTooLong: `La ubicación no puede tener más de ${LOCATION_MAX_LENGTH} caracteres`,
  conditionRequired: 'Selecciona el estado del producto',
  categoryRequired: 'Selecciona una categoría',
  categoryUnknown: 'La categoría seleccionada no existe.',
  tooManyImages: `Máximo ${MAX_IMAGES} imágenes permitidas.`,
  imageTooLarge: (file: string) =>
    `El archivo "${file}" es demasiado grande. Máximo ${MAX_IMAGE_MB}MB permitido por imagen.`,
  imageUnsupported: (file: string) =>
    `El archivo "${file}" no es una imagen válida. Usa fotos JPEG, PNG o WebP.`,
  imageTooManyPixels: (file: string) =>
    `La imagen "${file}" tiene demasiados píxeles. Redúcela (por ejemplo a 4000 × 3000) e inténtalo de nuevo.`,
  noFiles: 'Selecciona al menos una imagen.',
  imageNotUploaded:
    'Alguna de las imágenes no es válida o ya no está disponible. Vuelve a subirla e inténtalo de nuevo.',
  notFound: 'El producto no fue encontrado.',
  notOwner: 'Solo el vendedor puede modificar este producto.',
  idMismatch: 'El id del cuerpo no coincide con el de la ruta.',
  sellerMismatch: 'Solo puedes publicar productos a tu nombre.',
  soldNotEditable: 'Este producto ya se vendió y no se puede editar.',
  hasAcceptedSale:
    'No se puede eliminar este producto porque tiene una venta aceptada. Consérvalo como vendido.',
  priceRange: 'El precio mínimo no puede ser mayor que el máximo.',
  conditionFilterInvalid: 'El estado debe ser NUEVO, SEMINUEVO o USADO.',
  createError: 'Error al publicar el producto',
  createSuccess: '¡Producto publicado exitosamente! Redirigiendo...',
  loadError: 'Error al cargar el producto. Por favor, intenta nuevamente.',
  listError: 'Error al cargar los productos. Por favor, intenta nuevamente.',
  categoriesError: 'Error cargando categorías',
  editImagesError: 'Error al subir imagen o actualizar producto',
  editError: 'Error al actualizar el producto.',
  deleteConfirm: 'Seguro que deseas eliminar este producto?',
  deleteServerError:
    'No se pudo eliminar el producto. Puede que tenga ventas asociadas o un error interno del servidor.',
  deleteError: 'Error al eliminar el producto.',
  markSoldError: 'Error al marcar como vendido.',
} as const;

/** 'nuevo', 'NUEVO' or 'Nuevo' (filters use the upper-case form) → the stored 'Nuevo'. */
export const toProductCondition = (value: string): ProductCondition | undefined =>
  PRODUCT_CONDITIONS.find((condition) => condition.toLowerCase() === value.trim().toLowerCase());

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** Plain decimal numbers only: "850.000" (es-CO thousands) is refused rather than read as 850. */
const DECIMAL_TEXT = /^\d{1,12}(\.\d{1,2})?$/;

const priceSchema = z
  .preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      if (typeof blank !== 'string') return blank;
      return DECIMAL_TEXT.test(blank.trim()) ? Number(blank.trim()) : Number.NaN;
    },
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? PRODUCT_MESSAGES.priceRequired
            : PRODUCT_MESSAGES.priceInvalid,
      })
      .gt(0, PRODUCT_MESSAGES.pricePositive)
      .max(PRICE_MAX, PRODUCT_MESSAGES.priceTooHigh),
  )
  .transform((value) => Math.round(value * 100) / 100);

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
  price: priceSchema,
  status: conditionSchema,
  location: requiredText(
    PRODUCT_MESSAGES.locationRequired,
    LOCATION_MAX_LENGTH,
    PRODUCT_MESSAGES.locationTooLong,
  ),
  categoryId: categoryIdSchema,
  imageUrl: imageUrlSchema.optional(),
  /** Spec clients send the seller; only the caller's own id is accepted (403 otherwise). */
  sellerId: z.number().int().nullable().optional(),
};

/** The spec also calls the title `name`: a body with only `name` is read as the title. */
const titleAlias = (value: unknown) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return record.title === undefined && record.name !== undefined
    ? { ...record, title: record.name }
    : value;
};

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
  soldAt: z.string().nullable(),
  createdAt: z.string().describe('ISO-8601, UTC'),
  updatedAt: z.string().describe('ISO-8601, UTC'),
  /** Detail views (one per viewer per day); only in answers to the product's seller. */
  viewCount: z.number().int().optional(),
});
export type Product = z.infer<typeof productSchema>;

const optionalQueryNumber = (schema: z.ZodNumber) =>
  z.preprocess(blankToUndefined, z.coerce.number().pipe(schema).optional());

/** Filters of `GET /api/products` (spec section 7) plus the sold flag and the sort. */
export const productListQuerySchema = paginationQuerySchema
  .extend({
    sellerId: z.preprocess(blankToUndefined, idSchema.optional()),
    categoryId: z.preprocess(blankToUndefined, idSchema.optional()),
    minPrice: optionalQueryNumber(z.number().min(0).max(PRICE_MAX)),
    maxPrice: optionalQueryNumber(z.number().min(0).max(PRICE_MAX)),
    /** The condition: NUEVO, SEMINUEVO or USADO (any case; Nuevo... too). */
    status: z.preprocess(
      blankToUndefined,
      conditionOf(PRODUCT_MESSAGES.conditionFilterInvalid).optional(),
    ),
    location: z.preprocess(blankToUndefined, z.string().trim().max(LOCATION_MAX_LENGTH).optional()),
    search: z.preprocess(blankToUndefined, z.string().trim().max(SEARCH_MAX_LENGTH).optional()),
    /** Omitted: sold and available alike. */
    isSold: z
      .preprocess(blankToUndefined, z.enum(['true', 'false']).optional())
      .transform((value) => (value === undefined ? undefined : value === 'true')),
    /** Default: relevance when `search` is given, newest otherwise. */
    sort: z.preprocess(blankToUndefined, z.enum(PRODUCT_SORTS).optional()),
  })
  .refine(
    (query) =>
      query.minPrice === undefined ||
      query.maxPrice === undefined ||
      query.minPrice <= query.maxPrice,
    { message: PRODUCT_MESSAGES.priceRange, path: ['minPrice'] },
  );
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
  /** Sum of the prices of the sold products (spec section 9). */
  totalEarned: z.number(),
  totalViews: z.number().int(),
});
export type SellerStats = z.infer<typeof sellerStatsSchema>;

export const locationSuggestionsQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(LOCATION_MAX_LENGTH).optional()),
});
