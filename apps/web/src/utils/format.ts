/**
 * Each formatter is made on first use and kept: making one loads locale data (milliseconds on a
 * phone), which a page that shows no date, say, should not pay while it starts.
 */
const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/**
 * `$ 850.000`: dollar sign, thousands separators, no decimals (conventions.md). The same text as
 * `Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', maximumFractionDigits: 0 })`
 * (a test compares them), written by hand: making that formatter cost a phone ≈ 0.1 s on the
 * first price a page showed, inside the app's first render.
 */
export const formatPrice = (value: number): string => {
  // Half away from zero, as Intl rounds.
  const rounded = Math.round(Math.abs(value));
  const digits = String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${value < 0 && rounded !== 0 ? '-' : ''}$ ${digits}`;
};

const dateFormatter = once(() => new Intl.DateTimeFormat('es-CO', { dateStyle: 'long' }));

export const formatDate = (value: string | number | Date): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormatter().format(date);
};

const ratingFormatter = once(() => new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 }));

/** Rating with at most two decimals and a Spanish decimal comma (0 when there are none). */
export const formatRating = (value: number): string =>
  ratingFormatter().format(Number.isFinite(value) ? value : 0);

const dateTimeFormatter = once(
  () => new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeStyle: 'short' }),
);

/** '21 de noviembre de 2026, 10:32 a. m.' */
export const formatDateTime = (value: string | number | Date): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormatter().format(date);
};
