import { z } from 'zod';
import { LIST_CAP, MAX_ID, MAX_PAGE_SIZE, PRICE_MAX } from '../constants';

export const ID_MESSAGE = 'El id debe ser un número entero positivo.';
const NUMBER_MESSAGE = 'Debe ser un número entero sin signos ni decimales.';

/** Canonical decimal digits only: no sign, exponent, hex, fraction, spaces or leading zeros. */
const DECIMAL_INTEGER = /^(0|[1-9][0-9]{0,15})$/;

/**
 * A non-negative integer that arrives as text (path or query) or as a JSON number. Text must be
 * plain decimal: `0x1`, `1e0`, `+1`, `1.0`, ` 1` and `01` are refused, never coerced
 * (docs/decisions/012).
 */
const wholeNumber = (message: string) =>
  z
    .union([z.number(), z.string().regex(DECIMAL_INTEGER, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(0, message));

/** Ids are PostgreSQL integers: positive and at most MAX_ID. */
export const idSchema = wholeNumber(ID_MESSAGE).pipe(
  z.number().min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE),
);
export const idParamsSchema = z.object({ id: idSchema });

/**
 * Lists are paginated on the server: `page` is 0-based. A client that pages asks for `size` (at
 * most MAX_PAGE_SIZE); without `size` the answer is the whole list up to LIST_CAP, because the
 * spec's client calls its lists without paging (decision 039). `X-Total-Count` carries the total.
 */
export const paginationQuerySchema = z.object({
  page: wholeNumber(NUMBER_MESSAGE).pipe(z.number().max(MAX_ID)).default(0),
  size: wholeNumber(NUMBER_MESSAGE).pipe(z.number().min(1).max(MAX_PAGE_SIZE)).default(LIST_CAP),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** Plain decimal text ("850000" or "850000.50"); "850.000" (es-CO thousands) is not a number. */
export const DECIMAL_TEXT = /^\d{1,12}(\.\d{1,2})?$/;

const SIGNED_DECIMAL_TEXT = /^-?\d{1,12}(\.\d{1,2})?$/;

const decimalTextReader = (pattern: RegExp) => (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return pattern.test(text) ? Number(text) : Number.NaN;
};

/** Decimal text → its number, anything else unreadable (NaN); blank text → absent. */
export const readDecimalText = decimalTextReader(DECIMAL_TEXT);

/** The same with a leading minus read, so that a negative value is refused by name, not as gibberish. */
export const readSignedDecimalText = decimalTextReader(SIGNED_DECIMAL_TEXT);

export type PriceMessages = {
  required: string;
  invalid: string;
  positive: string;
  tooHigh: string;
};

/**
 * A price (a listing's or an offer's): a JSON number or plain decimal text, stored in cents. The
 * checks apply to the value that will be stored, after rounding to cents: `0.004` becomes 0 and
 * is refused as not above 0, never stored as a $0 listing.
 */
export const priceSchema = (messages: PriceMessages) =>
  z.preprocess(
    readDecimalText,
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? messages.required : messages.invalid,
      })
      .transform((value) => Math.round(value * 100) / 100)
      .pipe(z.number().gt(0, messages.positive).max(PRICE_MAX, messages.tooHigh)),
  );

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export { TOTAL_COUNT_HEADER } from '../constants';
