import { describe, expect, it } from 'vitest';
import { campusWallTime } from './wall-time';
import {
  campusDateFormat,
  DEFAULT_CAMPUS_TIME_ZONE,
  formatCount,
  formatFileSize,
  formatInteger,
  formatPercent,
  formatPrice,
  formatRating,
  formatRatingSummary,
  formatRelativeTime,
  resolveTimeZone,
} from './format';

/** Intl writes a no-break space between the peso sign and the amount. */
const NBSP = '\u00a0';

describe('formatPrice', () => {
  it('writes pesos with a dollar sign, thousands separators and no decimals', () => {
    expect(formatPrice(850000)).toBe(`$${NBSP}850.000`);
    expect(formatPrice(1250.6)).toBe(`$${NBSP}1.251`);
    expect(formatPrice(1000)).toBe(`$${NBSP}1.000`);
    expect(formatPrice(999_999_999)).toBe(`$${NBSP}999.999.999`);
    expect(formatPrice(0)).toBe(`$${NBSP}0`);
  });
});

describe('formatRating', () => {
  it('shows a mean with two decimals and a decimal comma (spec §9)', () => {
    expect(formatRating(1)).toBe('1,00');
    expect(formatRating(4.5)).toBe('4,50');
    expect(formatRating(13 / 3)).toBe('4,33');
    expect(formatRating(4.666)).toBe('4,67');
    expect(formatRating(5)).toBe('5,00');
  });

  it('shows 0,00 without reviews or for a value that is not a number', () => {
    expect(formatRating(0)).toBe('0,00');
    expect(formatRating(Number.NaN)).toBe('0,00');
  });
});

describe('formatPercent', () => {
  it('writes a share with one decimal as Colombian Spanish does', () => {
    expect(formatPercent(0.15)).toBe('15,0%');
    expect(formatPercent(1 / 3)).toBe('33,3%');
    expect(formatPercent(0.0004)).toBe('0,0%');
  });
});

describe('formatCount and formatInteger', () => {
  it('uses the singular for one and the plural otherwise, with thousands separators', () => {
    expect(formatCount(1, 'visita', 'visitas')).toBe('1 visita');
    expect(formatCount(0, 'visita', 'visitas')).toBe('0 visitas');
    expect(formatCount(2, 'visita', 'visitas')).toBe('2 visitas');
    expect(formatCount(1234, 'visita', 'visitas')).toBe('1.234 visitas');
    expect(formatCount(1_000_000, 'visita', 'visitas')).toBe('1.000.000 visitas');
    expect(formatInteger(12345)).toBe('12.345');
  });
});

describe('formatFileSize', () => {
  it('writes megabytes with one decimal from 1 MB and whole kilobytes below', () => {
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatFileSize(1024 * 1024)).toBe('1,0 MB');
    expect(formatFileSize(512 * 1024)).toBe('512 kB');
    expect(formatFileSize(10)).toBe('1 kB');
  });
});

describe('formatRelativeTime', () => {
  const NOW = new Date('2026-05-10T12:00:00Z');
  const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

  it("says 'Ahora mismo' under a minute (and for future dates)", () => {
    expect(formatRelativeTime(minutesAgo(0.5), NOW)).toBe('Ahora mismo');
    expect(formatRelativeTime(minutesAgo(-3), NOW)).toBe('Ahora mismo');
  });

  it('counts minutes under 60 and hours under 1440 minutes', () => {
    expect(formatRelativeTime(minutesAgo(1), NOW)).toBe('Hace 1 min');
    expect(formatRelativeTime(minutesAgo(59), NOW)).toBe('Hace 59 min');
    expect(formatRelativeTime(minutesAgo(60), NOW)).toBe('Hace 1 h');
    expect(formatRelativeTime(minutesAgo(1439), NOW)).toBe('Hace 23 h');
  });

  it('counts days from 1440 minutes, singular for one', () => {
    expect(formatRelativeTime(minutesAgo(1440), NOW)).toBe('Hace 1 día');
    expect(formatRelativeTime(minutesAgo(3 * 1440 + 5), NOW)).toBe('Hace 3 días');
    expect(formatRelativeTime(minutesAgo(1200 * 1440), NOW)).toBe('Hace 1.200 días');
  });

  it('accepts ISO strings and returns empty text for invalid dates', () => {
    expect(formatRelativeTime(minutesAgo(5).toISOString(), NOW)).toBe('Hace 5 min');
    expect(formatRelativeTime('no es fecha', NOW)).toBe('');
  });
});

describe('campusDateFormat', () => {
  const campus = campusDateFormat(DEFAULT_CAMPUS_TIME_ZONE);
  // 9:01 p. m. of 24 November in Bogotá (UTC-5) is already 25 November in UTC.
  const LATE_EVENING = '2026-11-25T02:01:00.000Z';

  it("shows the campus's day for a UTC instant late in the campus's evening", () => {
    expect(campus.formatDate(LATE_EVENING)).toBe('24 de noviembre de 2026');
    expect(campusDateFormat('UTC').formatDate(LATE_EVENING)).toBe('25 de noviembre de 2026');
    expect(campus.formatDate(new Date(LATE_EVENING))).toBe('24 de noviembre de 2026');
    expect(campus.formatDate(Date.parse(LATE_EVENING))).toBe('24 de noviembre de 2026');
  });

  it('writes times without a leading zero on the hour', () => {
    expect(campus.formatTime(LATE_EVENING)).toBe('9:01 p. m.');
    expect(campus.formatTime('2026-11-24T14:05:00.000Z')).toBe('9:05 a. m.');
    expect(campus.formatTime('2026-11-24T17:30:00.000Z')).toBe('12:30 p. m.');
  });

  it('writes a date with its time, and with the zone for texts read elsewhere', () => {
    expect(campus.formatDateTime(LATE_EVENING)).toBe('24 de noviembre de 2026 a las 9:01 p. m.');
    expect(campus.formatDateTimeWithZone(LATE_EVENING)).toBe(
      '24 de noviembre de 2026 a las 9:01 p. m. hora estándar de Colombia',
    );
  });

  it('returns empty text for an invalid date', () => {
    expect(campus.formatDate('no es una fecha')).toBe('');
    expect(campus.formatTime(Number.NaN)).toBe('');
  });

  it('makes the formatters of a zone once', () => {
    expect(campusDateFormat(DEFAULT_CAMPUS_TIME_ZONE)).toBe(campus);
  });
});

describe('resolveTimeZone', () => {
  it("answers Intl's spelling of a known zone and undefined for an unknown one", () => {
    expect(resolveTimeZone('America/Bogota')).toBe('America/Bogota');
    expect(resolveTimeZone(' america/bogota ')).toBe('America/Bogota');
    expect(resolveTimeZone('UTC')).toBe('UTC');
    expect(resolveTimeZone('Marte/Base')).toBeUndefined();
    expect(resolveTimeZone('')).toBeUndefined();
  });
});

describe('formatRatingSummary', () => {
  it('reads the mean with two decimals and the count with its word', () => {
    expect(formatRatingSummary(13 / 3, 3)).toBe('4,33 (3 reseñas)');
    expect(formatRatingSummary(5, 1)).toBe('5,00 (1 reseña)');
    expect(formatRatingSummary(4.5, 1200)).toBe('4,50 (1.200 reseñas)');
  });

  it('says there are none rather than a zero rating', () => {
    expect(formatRatingSummary(0, 0)).toBe('Sin reseñas');
  });
});

describe('campus wall time (datetime-local fields)', () => {
  it('reads the time a member picks as campus time, whatever the device’s zone', () => {
    const bogota = campusWallTime('America/Bogota');
    const when = bogota.fromWallTime('2026-11-27T11:24');
    expect(when?.toISOString()).toBe('2026-11-27T16:24:00.000Z');
    expect(bogota.toWallTime(when!)).toBe('2026-11-27T11:24');
    expect(bogota.toWallTime('2026-11-28T04:59:59.000Z')).toBe('2026-11-27T23:59');
  });

  it('follows daylight saving where the campus has it, and refuses an hour that does not exist', () => {
    const madrid = campusWallTime('Europe/Madrid');
    expect(madrid.fromWallTime('2026-07-01T10:00')?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(madrid.fromWallTime('2026-01-15T10:00')?.toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(madrid.fromWallTime('2026-03-29T02:30')).toBeNull();
  });

  it('gives nothing for text that is no wall time', () => {
    const bogota = campusWallTime('America/Bogota');
    for (const wall of ['', '2026-11-27', '2026-13-01T10:00', '2026-02-30T10:00', 'mañana']) {
      expect(bogota.fromWallTime(wall)).toBeNull();
    }
    expect(bogota.toWallTime('no es fecha')).toBe('');
  });
});
