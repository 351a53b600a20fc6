/**
 * How numbers, prices and dates read, for the server and the web app alike (decision 050): the
 * platform's `Intl` in Colombian Spanish, each formatter made on first use and kept (making one
 * loads locale data), dates in the campus's time zone whatever the machine's, so a page rendered
 * on a UTC server and the same page in a phone show the same day.
 */

export const LOCALE = 'es-CO';

/** The campus's time zone unless configured (`CAMPUS_TIME_ZONE`, decision 050). */
export const DEFAULT_CAMPUS_TIME_ZONE = 'America/Bogota';

/** The IANA name of `value` as Intl spells it (`america/bogota` → `America/Bogota`), or undefined when Intl knows no such zone. */
export const resolveTimeZone = (value: string): string | undefined => {
  try {
    return new Intl.DateTimeFormat(LOCALE, { timeZone: value.trim() }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

export const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

const priceFormat = once(
  () =>
    new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: 'COP',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);
const ratingFormat = once(
  () => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const percentFormat = once(
  () =>
    new Intl.NumberFormat(LOCALE, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }),
);
const integerFormat = once(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }));
const megabyteFormat = once(
  () =>
    new Intl.NumberFormat(LOCALE, {
      style: 'unit',
      unit: 'megabyte',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }),
);
const kilobyteFormat = once(
  () =>
    new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }),
);
const pluralRules = once(() => new Intl.PluralRules(LOCALE));

/**
 * A price in Colombian pesos without decimals (`$ 850.000`, conventions.md "Look and feel"). Intl
 * puts a no-break space after the sign, so a price never breaks across two lines.
 */
export const formatPrice = (value: number): string => priceFormat().format(value);

/**
 * A mean rating with two decimals, as the spec asks (§9): `4,50`, `1,00`, `0,00` for none. A
 * value that is not a number reads as none.
 */
export const formatRating = (value: number): string =>
  ratingFormat().format(Number.isFinite(value) ? value : 0);

/**
 * A seller's mean rating with how many reviews it comes from, as cards and the product page show
 * it (decision 099): `4,33 (3 reseñas)`, `5,00 (1 reseña)`; 'Sin reseñas' when there are none.
 */
export const formatRatingSummary = (average: number, count: number): string =>
  count > 0
    ? `${formatRating(average)} (${formatCount(count, 'reseña', 'reseñas')})`
    : 'Sin reseñas';

/** A share of a whole with one decimal, as Colombian Spanish writes it (0.155 → `15,5%`): the offer's discount (spec §5). */
export const formatPercent = (fraction: number): string => percentFormat().format(fraction);

/** A whole number with thousands separators (`1.234`). */
export const formatInteger = (value: number): string => integerFormat().format(value);

/**
 * A count with the word that goes with it, singular for one (`1 visita`, `1.234 visitas`): the
 * plural category is Intl's, the words are the caller's.
 */
export const formatCount = (count: number, one: string, other: string): string =>
  `${formatInteger(count)} ${pluralRules().select(count) === 'one' ? one : other}`;

/** A file's size: megabytes with one decimal from 1 MB (`1,5 MB`), whole kilobytes below (at least `1 kB`). */
export const formatFileSize = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? megabyteFormat().format(bytes / (1024 * 1024))
    : kilobyteFormat().format(Math.max(1, bytes / 1024));

export const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_MINUTES = 1440;

/**
 * How long ago, with the spec's words and thresholds (§2 notifications, §9): under 1 minute
 * 'Ahora mismo', under 60 'Hace N min', under 1440 'Hace N h', else 'Hace N días' ('Hace 1 día'
 * for one). `Intl.RelativeTimeFormat` writes other words ('ahora', 'hace 5 min' in lower case), so
 * only the number and the plural are Intl's. A future date (clock skew) is now; an invalid one is
 * empty text.
 */
export const formatRelativeTime = (
  date: Date | string | number,
  now: Date = new Date(),
): string => {
  const time = new Date(date).getTime();
  if (Number.isNaN(time)) return '';
  const minutes = Math.floor((now.getTime() - time) / MINUTE_MS);
  if (minutes < 1) return 'Ahora mismo';
  if (minutes < HOUR_MINUTES) return `Hace ${formatInteger(minutes)} min`;
  if (minutes < DAY_MINUTES) return `Hace ${formatInteger(Math.floor(minutes / HOUR_MINUTES))} h`;
  return `Hace ${formatCount(Math.floor(minutes / DAY_MINUTES), 'día', 'días')}`;
};

export type DateInput = Date | string | number;

export type CampusDateFormat = {
  /** '24 de noviembre de 2026' */
  formatDate: (value: DateInput) => string;
  /** '24 de noviembre de 2026 a las 9:01 p. m.' (the words between are Intl's) */
  formatDateTime: (value: DateInput) => string;
  /** '9:01 p. m.': no leading zero on the hour (issue 18) */
  formatTime: (value: DateInput) => string;
  /**
   * '24 de noviembre de 2026 a las 9:01 p. m. hora estándar de Colombia': for texts read away
   * from the campus, such as emails.
   */
  formatDateTimeWithZone: (value: DateInput) => string;
};

const dateFormatter = (options: Intl.DateTimeFormatOptions) => {
  const format = once(() => new Intl.DateTimeFormat(LOCALE, options));
  return (value: DateInput) => {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? '' : format().format(date);
  };
};

const makeCampusDateFormat = (timeZone: string): CampusDateFormat => ({
  formatDate: dateFormatter({ timeZone, dateStyle: 'long' }),
  formatDateTime: dateFormatter({ timeZone, dateStyle: 'long', timeStyle: 'short' }),
  formatTime: dateFormatter({ timeZone, hour: 'numeric', minute: '2-digit' }),
  formatDateTimeWithZone: dateFormatter({
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'long',
  }),
});

const campusDateFormats = new Map<string, CampusDateFormat>();

/**
 * The date formatters of one time zone (the campus's, from each app's configuration), made once
 * per zone. Invalid dates read as empty text; an unknown zone throws Intl's RangeError on first use
 * (the configuration checks it first with `resolveTimeZone`).
 */
export const campusDateFormat = (timeZone: string): CampusDateFormat => {
  let format = campusDateFormats.get(timeZone);
  if (!format) {
    format = makeCampusDateFormat(timeZone);
    campusDateFormats.set(timeZone, format);
  }
  return format;
};
