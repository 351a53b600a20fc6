import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
} from '../constants';

export { EMAIL_PATTERN, PHONE_PATTERN, USER_MESSAGES } from './user-messages';
import { EMAIL_PATTERN, PHONE_PATTERN, USER_MESSAGES } from './user-messages';

export const emailSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(EMAIL_MAX_LENGTH, USER_MESSAGES.emailInvalid)
    .regex(EMAIL_PATTERN, USER_MESSAGES.emailInvalid)
    .transform((value) => value.toLowerCase());

/** Blank or missing phone becomes null. */
const optionalPhoneSchema = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value == null ? '' : value.trim()))
  .pipe(
    z.union([
      z.literal(''),
      z
        .string()
        .max(PHONE_MAX_LENGTH, USER_MESSAGES.phoneInvalid)
        .regex(PHONE_PATTERN, USER_MESSAGES.phoneInvalid),
    ]),
  )
  .transform((value) => (value === '' ? null : value));

const newPasswordSchema = z
  .string({ error: USER_MESSAGES.requiredRegister })
  .min(1, USER_MESSAGES.requiredRegister)
  .min(PASSWORD_MIN_LENGTH, USER_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, USER_MESSAGES.passwordTooLong);

/** A new password, twice (registration, reset, an admin address's verification). */
const passwordChoiceFields = {
  password: newPasswordSchema,
  confirmPassword: z
    .string({ error: USER_MESSAGES.requiredRegister })
    .min(1, USER_MESSAGES.requiredRegister),
};
const passwordsMatch: [
  (body: { password: string; confirmPassword: string }) => boolean,
  { message: string; path: string[] },
] = [
  (body) => body.password === body.confirmPassword,
  { message: USER_MESSAGES.passwordsMismatch, path: ['confirmPassword'] },
];

/** The registration's password rules and messages on their own (spec section 5). */
export const passwordChoiceSchema = z.object(passwordChoiceFields).refine(...passwordsMatch);
export type PasswordChoice = z.input<typeof passwordChoiceSchema>;

export const registerBodySchema = z
  .object({
    name: z
      .string({ error: USER_MESSAGES.requiredRegister })
      .trim()
      .min(1, USER_MESSAGES.requiredRegister)
      .max(NAME_MAX_LENGTH, USER_MESSAGES.nameTooLong),
    email: emailSchema(USER_MESSAGES.requiredRegister),
    phone: optionalPhoneSchema,
    ...passwordChoiceFields,
  })
  .refine(...passwordsMatch);
export type RegisterBody = z.input<typeof registerBodySchema>;

/**
 * `PUT /api/users/{id}`: blank password means unchanged; roles and verification are ignored.
 * `currentPassword` is needed to change the password or the email unless the session signed in
 * less than RECENT_SIGN_IN_MINUTES ago (decision 010); spec clients never send it.
 */
export const updateUserBodySchema = z.object({
  id: z.number().int().optional(),
  name: z
    .string({ error: USER_MESSAGES.nameRequired })
    .trim()
    .min(1, USER_MESSAGES.nameRequired)
    .max(NAME_MAX_LENGTH, USER_MESSAGES.nameTooLong),
  email: emailSchema(USER_MESSAGES.emailRequired),
  phone: optionalPhoneSchema,
  password: z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value == null || value === '' ? null : value))
    .pipe(
      z.union([
        z.null(),
        z
          .string()
          .min(PASSWORD_MIN_LENGTH, USER_MESSAGES.passwordTooShort)
          .max(PASSWORD_MAX_LENGTH, USER_MESSAGES.passwordTooLong),
      ]),
    ),
  currentPassword: z
    .union([z.string().max(PASSWORD_MAX_LENGTH, USER_MESSAGES.currentPasswordInvalid), z.null()])
    .optional()
    .transform((value) => (value == null || value === '' ? null : value)),
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  verified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * `GET /api/users/{id}`: a profile. Email and phone are shown to verified members, admins and the
 * owner; anonymous and unverified viewers get null (decision 012).
 */
export const profileSchema = userSchema.extend({
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const userStatsSchema = z.object({
  productos: z.number().int(),
  vendidos: z.number().int(),
  /** Mean rating with two decimals, 0 when there are no reviews. */
  promedio: z.number(),
  totalReviews: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/**
 * `PUT /api/users/{id}` answers the updated user plus a fresh token reflecting it. A password
 * change revokes older tokens, so clients should store this one.
 */
export const updateUserResponseSchema = userSchema.extend({ token: z.string() });
export type UpdateUserResponse = z.infer<typeof updateUserResponseSchema>;
