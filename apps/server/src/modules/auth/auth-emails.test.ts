import { describe, expect, it } from 'vitest';
import { buildPasswordChangedEmail } from './auth-emails';

const config = { publicUrl: 'https://mercado.example', appName: 'UniMercado' };
// 9:01 p. m. of 24 November in Bogotá is 2:01 a. m. of the 25th in UTC.
const at = new Date('2026-11-25T02:01:00.000Z');

describe('buildPasswordChangedEmail', () => {
  it("says when the password changed in the campus's time, naming the zone", () => {
    const mail = buildPasswordChangedEmail(
      { ...config, campusTimeZone: 'America/Bogota' },
      { to: 'ana@uni.edu', name: 'Ana', at },
    );
    expect(mail.text).toContain(
      'se cambió el 24 de noviembre de 2026 a las 9:01 p. m. hora estándar de Colombia.',
    );
    expect(mail.html).toContain('24 de noviembre de 2026 a las 9:01 p. m.');
  });

  it('follows the configured campus time zone', () => {
    const mail = buildPasswordChangedEmail(
      { ...config, campusTimeZone: 'Europe/Madrid' },
      { to: 'ana@uni.edu', name: 'Ana', at },
    );
    expect(mail.text).toContain(
      'se cambió el 25 de noviembre de 2026 a las 3:01 a. m. hora estándar de Europa central.',
    );
  });
});
