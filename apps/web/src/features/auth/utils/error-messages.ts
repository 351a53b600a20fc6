import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth-messages';
import { ApiError, SERVER_ERROR_MESSAGE, toUserMessage } from '@/lib/api-client';

export const LOGIN_FALLBACK_MESSAGE = 'Error al iniciar sesión.';
/** On /login after a signed-in session's call got a 401 (decision 038). */
export const SESSION_EXPIRED_MESSAGE = 'Tu sesión expiró. Inicia sesión de nuevo.';
export const REGISTER_FALLBACK_MESSAGE = 'Error inesperado al registrar la cuenta.';
export const RESEND_FALLBACK_MESSAGE = 'Error reenviando verificación';
export const VERIFY_FALLBACK_MESSAGE = 'Error verificando email';
export const STATUS_FALLBACK_MESSAGE = 'Error obteniendo estado de verificación';
export const REQUEST_FALLBACK_MESSAGE = 'Error solicitando verificación';
export const FORGOT_FALLBACK_MESSAGE = 'Error solicitando el enlace. Inténtalo de nuevo.';
export const RESET_FALLBACK_MESSAGE = 'Error cambiando la contraseña. Inténtalo de nuevo.';
/** The profile's verification card words an unreachable server this way (spec section 8). */
export const VERIFICATION_NETWORK_MESSAGE = 'No se pudo conectar con el servidor';

/** Verification status and request errors: the connection text, else the usual rule. */
export const getVerificationErrorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.isNetworkError
    ? VERIFICATION_NETWORK_MESSAGE
    : toUserMessage(error, fallback);

/**
 * Login errors of spec section 8: no response -> connection message; server failure -> 'Error en
 * el servidor'; else the server's error field, else the error's message, else the fallback.
 */
export const getLoginErrorMessage = (error: unknown): string => {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return error.message;
    if (error.status >= 500) return SERVER_ERROR_MESSAGE;
    return error.hasServerMessage ? error.message : LOGIN_FALLBACK_MESSAGE;
  }
  if (error instanceof Error && error.message) return error.message;
  return LOGIN_FALLBACK_MESSAGE;
};

export type VerifyErrorKind = 'expired' | 'used' | 'other';

/** Spec section 4: a message containing 'expirado' means expired, 'utilizado' means used. */
export const getVerifyErrorKind = (error: unknown): VerifyErrorKind => {
  const code = error instanceof ApiError ? error.code : '';
  const message = error instanceof Error ? error.message.toLowerCase() : '';
  if (code === 'TOKEN_EXPIRED' || message.includes('expirado')) return 'expired';
  if (code === 'TOKEN_USED' || message.includes('utilizado')) return 'used';
  return 'other';
};

export const getVerifyErrorMessage = (error: unknown): string => {
  const kind = getVerifyErrorKind(error);
  if (kind === 'expired') return AUTH_MESSAGES.tokenExpired;
  if (kind === 'used') return AUTH_MESSAGES.tokenUsed;
  if (error instanceof ApiError) {
    if (error.isNetworkError || error.hasServerMessage) return error.message;
    return VERIFY_FALLBACK_MESSAGE;
  }
  return error instanceof Error && error.message ? error.message : VERIFY_FALLBACK_MESSAGE;
};

/** The emailed link itself failed (unknown, used, expired, replaced), not the network. */
export const isLinkError = (error: unknown) =>
  error instanceof ApiError &&
  ['TOKEN_INVALID', 'TOKEN_EXPIRED', 'TOKEN_USED'].includes(error.code);
