import type { ErrorCode } from '@unimercado/shared/errors';

/**
 * The only error a service throws on purpose. The error handler turns it into the contract's body
 * `{ error, message, code, details? }` with `statusCode`.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    options: { details?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;

/** Common Spanish messages used by more than one module. */
export const COMMON_MESSAGES = {
  unauthorized: 'Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  adminOnly: 'Solo un administrador puede realizar esta acción.',
  emailNotVerified:
    'Debes verificar tu email para usar esta función. Revisa tu bandeja de entrada o solicita un nuevo enlace desde tu perfil.',
  notFound: 'El recurso solicitado no existe.',
  routeNotFound: 'La ruta solicitada no existe.',
  userNotFound: 'Usuario no encontrado.',
  rateLimited: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  headersTooLarge: 'Las cabeceras o la dirección de la solicitud son demasiado grandes.',
  uriTooLong: 'La dirección de la solicitud es demasiado larga.',
  requestTimeout: 'La solicitud tardó demasiado. Inténtalo de nuevo.',
  badPreflight: 'Solicitud de verificación previa (CORS) no válida.',
  unsupportedMediaType: 'Tipo de contenido no soportado. Envía JSON.',
  badJson: 'El cuerpo de la solicitud no es JSON válido.',
  badRequest: 'La solicitud no es válida.',
  invalidCharacters: 'La solicitud contiene caracteres no válidos.',
  internal: 'Error en el servidor. Inténtalo de nuevo más tarde.',
  unavailable: 'El servicio no está disponible en este momento.',
} as const;
