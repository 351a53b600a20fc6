import { describe, expect, it } from 'vitest';
import { addPasskeyBodySchema, defaultPasskeyName } from './passkeys';

describe('defaultPasskeyName', () => {
  it('names the browser and the system the passkey was made on', () => {
    expect(
      defaultPasskeyName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari en iOS');
    expect(
      defaultPasskeyName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge en Windows');
    expect(
      defaultPasskeyName('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Firefox en Linux');
  });

  it('falls back to what it knows, then to a plain name', () => {
    expect(defaultPasskeyName('curl/8.5.0')).toBe('Llave de acceso');
    expect(defaultPasskeyName(undefined)).toBe('Llave de acceso');
  });
});

describe('addPasskeyBodySchema', () => {
  it('refuses a name over 60 characters with a Spanish message', () => {
    const result = addPasskeyBodySchema.safeParse({
      response: {
        id: 'AA',
        rawId: 'AA',
        type: 'public-key',
        response: { clientDataJSON: 'AA', attestationObject: 'AA' },
      },
      name: 'x'.repeat(61),
    });
    expect(result.error?.issues[0]?.message).toBe(
      'El nombre puede tener como máximo 60 caracteres.',
    );
  });
});
