import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants';

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
} as const;

export const loginBodySchema = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.loginRequired })
    .trim()
    .min(1, AUTH_MESSAGES.loginRequired)
    .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.invalidCredentials)
    .transform((value) => value.toLowerCase()),
  password: z
    .string({ error: AUTH_MESSAGES.loginRequired })
    .min(1, AUTH_MESSAGES.loginRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.invalidCredentials),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** Login answer (architecture.md): the session user plus the JWT and its lifetime. */
export const loginResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  token: z.string(),
  verified: z.boolean(),
  creationDate: z.string(),
  expirationDate: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Claims of the JWT; web clients decode `id` and `roles` from it. */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export const verifyEmailQuerySchema = z.object({ token: z.string().max(200).optional() });
export const resendVerificationQuerySchema = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH).optional(),
});

export const verificationStatusSchema = z.object({ verified: z.boolean(), email: z.string() });
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;
