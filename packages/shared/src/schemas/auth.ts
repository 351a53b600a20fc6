import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../constants';
import { emailSchema, passwordChoiceSchema } from './users';

export { AUTH_MESSAGES } from './auth-messages';
import { AUTH_MESSAGES } from './auth-messages';

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
  /** When the password was last proved (seconds); refreshed tokens keep their sign-in time. */
  auth_time: z.number().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export const verifyEmailQuerySchema = z.object({ token: z.string().max(200).optional() });

/**
 * `POST /api/auth/verify-email?token=` takes no body, except for an ADMIN_EMAILS address: its
 * link also chooses the password (decision 010).
 */
export const verifyEmailBodySchema = z.preprocess(
  // A client that always sends a JSON body may send `{}`: no password chosen, like no body.
  (body) =>
    typeof body === 'object' &&
    body !== null &&
    !('password' in body) &&
    !('confirmPassword' in body)
      ? null
      : body,
  passwordChoiceSchema.nullish(),
);

/** `POST /api/auth/forgot-password`. */
export const forgotPasswordBodySchema = z.object({
  email: emailSchema(AUTH_MESSAGES.resendEmailRequired),
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

const resetTokenSchema = z
  .string({ error: AUTH_MESSAGES.resetTokenMissing })
  .trim()
  .min(1, AUTH_MESSAGES.resetTokenMissing)
  .max(200, AUTH_MESSAGES.resetTokenInvalid);

/** `GET /api/auth/reset-password?token=`: is the link still good, and for which address. */
export const resetPasswordQuerySchema = z.object({ token: resetTokenSchema });
export const resetPasswordStatusSchema = z.object({ email: z.string() });
export type ResetPasswordStatus = z.infer<typeof resetPasswordStatusSchema>;

/** `POST /api/auth/reset-password`. */
export const resetPasswordBodySchema = passwordChoiceSchema.and(
  z.object({ token: resetTokenSchema }),
);
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
export const resendVerificationQuerySchema = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH).optional(),
});

export const verificationStatusSchema = z.object({ verified: z.boolean(), email: z.string() });
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;
