// No zod here (the login page's JS budget): passkeys.ts re-exports these texts.

export const PASSKEY_MESSAGES = {
  challengeInvalid: 'La solicitud de la llave de acceso caducó o ya se usó. Inténtalo de nuevo.',
  notRecognized: 'No reconocemos esta llave de acceso. Entra con tu contraseña.',
  verificationFailed: 'No se pudo comprobar la llave de acceso. Inténtalo de nuevo.',
  alreadyRegistered: 'Esta llave de acceso ya está registrada.',
  limitReached: 'Alcanzaste el máximo de llaves de acceso. Elimina una para añadir otra.',
  notFound: 'Llave de acceso no encontrada.',
  nameTooLong: 'El nombre puede tener como máximo 60 caracteres.',
} as const;
