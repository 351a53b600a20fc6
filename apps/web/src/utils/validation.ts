import { EMAIL_PATTERN, PHONE_PATTERN } from '@unimercado/shared/schemas/user-messages';

/** Basic email format of spec section 5 (one @, no spaces, a dot in the domain). */
export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

/** Optional phone: blank is fine; otherwise digits, spaces and an optional leading plus. */
export const isValidOptionalPhone = (value: string | null | undefined): boolean => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' || PHONE_PATTERN.test(trimmed);
};
