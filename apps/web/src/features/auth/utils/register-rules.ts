import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
} from '@unimercado/shared/constants';
import {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  USER_MESSAGES,
} from '@unimercado/shared/schemas/user-messages';
import type { RegisterBody } from '@unimercado/shared/schemas/users';
import type { RegistrationValues } from './registration-completion';

export type RegistrationErrors = Partial<Record<keyof RegistrationValues, string>>;

const required = (value: string) => (value === '' ? USER_MESSAGES.requiredRegister : undefined);

/**
 * The API's registration rules (registerBodySchema, spec section 5) without zod, so the
 * registration page renders within issue 7's JS budget: per field its first failing message, in
 * the schema's order, and the body the API's schema would produce (trimmed name and phone, email
 * in lower case, blank phone as null). A test checks both against the schema.
 */
export const validateRegistration = (
  values: RegistrationValues,
): { errors: RegistrationErrors; body: RegisterBody | null } => {
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  const { password, confirmPassword } = values;
  const errors: RegistrationErrors = {
    name: required(name) ?? (name.length > NAME_MAX_LENGTH ? USER_MESSAGES.nameTooLong : undefined),
    email:
      required(email) ??
      (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)
        ? USER_MESSAGES.emailInvalid
        : undefined),
    phone:
      phone !== '' && (phone.length > PHONE_MAX_LENGTH || !PHONE_PATTERN.test(phone))
        ? USER_MESSAGES.phoneInvalid
        : undefined,
    password:
      required(password) ??
      (password.length < PASSWORD_MIN_LENGTH
        ? USER_MESSAGES.passwordTooShort
        : password.length > PASSWORD_MAX_LENGTH
          ? USER_MESSAGES.passwordTooLong
          : undefined),
    confirmPassword:
      required(confirmPassword) ??
      (confirmPassword !== password ? USER_MESSAGES.passwordsMismatch : undefined),
  };
  for (const key of Object.keys(errors) as (keyof RegistrationErrors)[]) {
    if (errors[key] === undefined) delete errors[key];
  }
  if (Object.keys(errors).length > 0) return { errors, body: null };
  return {
    errors,
    body: {
      name,
      email: email.toLowerCase(),
      phone: phone === '' ? null : phone,
      password,
      confirmPassword,
    },
  };
};
