const priceFormatter = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** `$ 850.000`: dollar sign, thousands separators, no decimals (conventions.md). */
export const formatPrice = (value: number): string =>
  priceFormatter.format(value).replace(/\u00a0/g, ' ');

const dateFormatter = new Intl.DateTimeFormat('es-CO', { dateStyle: 'long' });

export const formatDate = (value: string | number | Date): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormatter.format(date);
};

/** Rating with at most two decimals and a Spanish decimal comma (0 when there are none). */
export const formatRating = (value: number): string =>
  new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 }).format(
    Number.isFinite(value) ? value : 0,
  );

const dateTimeFormatter = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeStyle: 'short',
});

/** '21 de noviembre de 2026, 10:32 a. m.' */
export const formatDateTime = (value: string | number | Date): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormatter.format(date);
};
