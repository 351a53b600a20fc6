import { z } from 'zod';

/** Machine-readable error codes of the API contract (architecture.md, "API contract"). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'EMAIL_NOT_VERIFIED',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'EMAIL_DOMAIN_NOT_ALLOWED',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'TOKEN_USED',
  'ALREADY_VERIFIED',
  /** An ADMIN_EMAILS address: the verification link also needs a new password (decision 010). */
  'PASSWORD_REQUIRED',
  /** Changing the password or email needs the current password or a recent sign-in. */
  'REAUTHENTICATION_REQUIRED',
  'CURRENT_PASSWORD_INVALID',
  /** Passkeys (decision 067): a challenge unknown, used or expired; a passkey not registered; a failed check. */
  'PASSKEY_CHALLENGE_INVALID',
  'PASSKEY_NOT_RECOGNIZED',
  'PASSKEY_INVALID',
  'PASSKEY_LIMIT',
  'LAST_ADMIN',
  /** A member already keeps SAVED_SEARCHES_MAX saved searches (issue 21). */
  'SAVED_SEARCH_LIMIT',
  /** An admin suspended the account (decision 071): sign-in is refused until the date, if any. */
  'ACCOUNT_SUSPENDED',
  'SELF_ACTION',
  'PRODUCT_SOLD',
  'HAS_ACCEPTED_SALE',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_FILES',
  'IMAGE_TOO_LARGE',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Every 4xx/5xx body. `message` repeats `error`: clients written to the spec read either field
 * (spec section 8).
 */
export const errorBodySchema = z.object({
  error: z.string().describe('Mensaje en español para la persona'),
  message: z.string().describe('El mismo texto que `error`'),
  code: z.string().describe('Código para máquinas'),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Narrow an unknown JSON value to the contract's error body. */
export const isErrorBody = (value: unknown): value is ErrorBody =>
  errorBodySchema.safeParse(value).success;
