// No zod here (issue 7's JS budget): auth.ts re-exports these texts.

export const AUTH_MESSAGES = {
  loginRequired: 'Por favor complete todos los campos',
  invalidCredentials: 'Correo electrónico o contraseña incorrectos',
  resendEmailRequired: 'Por favor ingresa tu email.',
  tokenMissing: 'No se proporcionó un token de verificación válido.',
  tokenExpired: 'El enlace de verificación ha expirado. Solicita uno nuevo.',
  tokenUsed: 'Este enlace ya ha sido utilizado.',
  tokenInvalid: 'El enlace de verificación no es válido.',
  verified: '¡Tu email ha sido verificado! Ya puedes iniciar sesión.',
  resendSuccess: 'Email de verificación reenviado exitosamente. Revisa tu bandeja de entrada.',
  requestSuccess: 'Te enviamos un email de verificación. Revisa tu bandeja de entrada.',
  alreadyVerified: 'Tu email ya está verificado.',
  passwordRequired:
    'Esta dirección tiene permisos de administración: para activar la cuenta, elige una contraseña nueva.',
  verifiedWithPassword:
    '¡Tu email ha sido verificado y tu contraseña guardada! Ya puedes iniciar sesión.',
  forgotSuccess:
    'Si hay una cuenta con ese correo, te enviamos un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada.',
  resetTokenMissing: 'No se proporcionó un enlace válido para restablecer la contraseña.',
  resetTokenInvalid: 'El enlace para restablecer la contraseña no es válido.',
  resetTokenExpired: 'El enlace para restablecer la contraseña ha expirado. Solicita uno nuevo.',
  resetSuccess: 'Tu contraseña fue cambiada. Ya puedes iniciar sesión con la nueva.',
} as const;
