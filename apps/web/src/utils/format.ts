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

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/**
 * '24 de noviembre de 2026': what `Intl.DateTimeFormat('es-CO', { dateStyle: 'long' })` writes
 * (a test compares them), by hand for the same reason as prices: profiles and reviews show one
 * in their first render.
 */
export const formatDate = (value: string | number | Date): string => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()} de ${MONTHS[date.getMonth()]} de ${date.getFullYear()}`;
};

/**
 * Rating with at most two decimals and a Spanish decimal comma (0 when there are none), as
 * `Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 })` writes a rating (0 to 5; a test
 * compares them): rounded half up on the number's decimal digits (`4.005` → `4,01`).
 */
export const formatRating = (value: number): string => {
  if (!Number.isFinite(value)) return '0';
  const rounded = Number(`${Math.round(Number(`${value}e2`))}e-2`);
  return String(rounded).replace('.', ',');
};

const dateTimeFormatter = once(
  () => new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeStyle: 'short' }),
);

/** '21 de noviembre de 2026, 10:32 a. m.' */
export const formatDateTime = (value: string | number | Date): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormatter().format(date);
};
