// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = new Date('2026-05-10T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe('formatRelativeTime', () => {
  it("says 'Ahora mismo' under a minute (and for future dates)", () => {
    expect(formatRelativeTime(minutesAgo(0.5), NOW)).toBe('Ahora mismo');
    expect(formatRelativeTime(minutesAgo(-3), NOW)).toBe('Ahora mismo');
  });

  it('counts minutes under 60', () => {
    expect(formatRelativeTime(minutesAgo(1), NOW)).toBe('Hace 1 min');
    expect(formatRelativeTime(minutesAgo(59), NOW)).toBe('Hace 59 min');
  });

  it('counts hours under 1440 minutes', () => {
    expect(formatRelativeTime(minutesAgo(60), NOW)).toBe('Hace 1 h');
    expect(formatRelativeTime(minutesAgo(1439), NOW)).toBe('Hace 23 h');
  });

  it('counts days from 1440 minutes', () => {
    expect(formatRelativeTime(minutesAgo(1440), NOW)).toBe('Hace 1 día');
    expect(formatRelativeTime(minutesAgo(3 * 1440 + 5), NOW)).toBe('Hace 3 días');
  });

  it('accepts ISO strings and returns empty text for invalid dates', () => {
    expect(formatRelativeTime(minutesAgo(5).toISOString(), NOW)).toBe('Hace 5 min');
    expect(formatRelativeTime('no es fecha', NOW)).toBe('');
  });
});
