import { toUserMessage } from './api-client';

export const PASSKEY_BROWSER_MESSAGES = {
  cancelled: 'Se canceló o caducó la solicitud de la llave de acceso.',
  alreadyHere: 'Este dispositivo ya tiene una llave de acceso de tu cuenta.',
  unsupported: 'Este navegador no admite llaves de acceso.',
} as const;

/**
 * What to tell a person when a passkey ceremony fails: the server's Spanish message, or the
 * browser's refusal in Spanish (WebAuthn's DOMException names, which `@simplewebauthn/browser`
 * keeps on its errors).
 */
export const passkeyErrorMessage = (error: unknown, fallback: string) => {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return PASSKEY_BROWSER_MESSAGES.alreadyHere;
  }
  if (name === 'NotAllowedError' || name === 'AbortError')
    return PASSKEY_BROWSER_MESSAGES.cancelled;
  if (
    name === 'NotSupportedError' ||
    (error instanceof Error &&
      /WebAuthn is not supported|does not support WebAuthn/.test(error.message))
  ) {
    return PASSKEY_BROWSER_MESSAGES.unsupported;
  }
  return toUserMessage(error, fallback);
};
