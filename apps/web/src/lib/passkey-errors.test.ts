import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { PASSKEY_BROWSER_MESSAGES, passkeyErrorMessage } from './passkey-errors';

const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

describe('passkeyErrorMessage', () => {
  it("puts the browser's refusals in Spanish", () => {
    expect(passkeyErrorMessage(named('NotAllowedError'), 'f')).toBe(
      PASSKEY_BROWSER_MESSAGES.cancelled,
    );
    expect(passkeyErrorMessage(named('InvalidStateError'), 'f')).toBe(
      PASSKEY_BROWSER_MESSAGES.alreadyHere,
    );
    // What @simplewebauthn/browser throws where there is no WebAuthn at all.
    expect(passkeyErrorMessage(new Error('WebAuthn is not supported in this browser'), 'f')).toBe(
      'Este navegador no admite llaves de acceso.',
    );
  });

  it("keeps the server's Spanish message, and falls back otherwise", () => {
    const server = new ApiError(
      400,
      'PASSKEY_INVALID',
      'No se pudo comprobar la llave de acceso.',
      {
        hasServerMessage: true,
      },
    );
    expect(passkeyErrorMessage(server, 'f')).toBe('No se pudo comprobar la llave de acceso.');
    expect(passkeyErrorMessage(new ApiError(500, 'HTTP_500', 'Error 500'), 'Reintenta')).toBe(
      'Reintenta',
    );
  });
});
