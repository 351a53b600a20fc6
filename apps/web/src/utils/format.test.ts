// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { env } from '@/config/env';
import { formatDate, formatDateTime, formatTime } from './format';

// 9:01 p. m. of 24 November on the campus (America/Bogota, UTC-5) is the 25th in UTC.
const LATE_EVENING = '2026-11-25T02:01:00.000Z';

describe("the web app's dates", () => {
  it("are written in the campus's time zone, whatever the machine's", () => {
    expect(env.campusTimeZone).toBe('America/Bogota');
    expect(formatDate(LATE_EVENING)).toBe('24 de noviembre de 2026');
    expect(formatDateTime(LATE_EVENING)).toBe('24 de noviembre de 2026 a las 9:01 p. m.');
  });

  it('write the hour without a leading zero', () => {
    expect(formatTime(LATE_EVENING)).toBe('9:01 p. m.');
  });
});
