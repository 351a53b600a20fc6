import { MINUTE_MS, once, type DateInput } from './format';

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A wall time's fields as if it were UTC, in milliseconds; NaN when it is not one. */
const wallAsUtc = (wall: string) => {
  const match = WALL_TIME.exec(wall);
  if (!match) return Number.NaN;
  const [, y = 0, mo = 0, d = 0, h = 0, mi = 0] = match.map(Number);
  return Date.UTC(y, mo - 1, d, h, mi);
};

/**
 * The campus wall time of dates, as a datetime-local field holds it ('2026-11-24T21:01'), both
 * ways, whatever the device's own time zone: `toWallTime` of a date, and `fromWallTime`, the
 * instant a wall time names (null when it is no date). Apart from `campusDateFormat` so the
 * pages without such a field do not load it.
 */
export const campusWallTime = (timeZone: string) => {
  const parts = once(
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  );
  const fieldsOf = (date: Date) => {
    const field = Object.fromEntries(
      parts()
        .formatToParts(date)
        .map((part) => [part.type, part.value]),
    );
    return `${field.year}-${field.month}-${field.day}T${field.hour}:${field.minute}`;
  };
  /** Milliseconds the zone's wall clock is ahead of UTC at `date`. */
  const offsetAt = (date: Date) =>
    wallAsUtc(fieldsOf(date)) - Math.floor(date.getTime() / MINUTE_MS) * MINUTE_MS;
  return {
    toWallTime: (value: DateInput) => {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? '' : fieldsOf(date);
    },
    fromWallTime: (wall: string) => {
      const asUtc = wallAsUtc(wall);
      if (Number.isNaN(asUtc)) return null;
      // The offset where the wall time falls; checked again across a daylight-saving change.
      let date = new Date(asUtc - offsetAt(new Date(asUtc)));
      date = new Date(asUtc - offsetAt(date));
      return fieldsOf(date) === wall ? date : null;
    },
  };
};
