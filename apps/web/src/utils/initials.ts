import { MAX_INITIALS } from '@unimercado/shared/constants';

/**
 * Up to two initials, from the first letters of the first two words of the name; 'U' when there
 * is no usable name (spec section 2, avatar; section 9, "Initials at most 2").
 */
export const getInitials = (name: string | null | undefined): string => {
  // Only words that start with a letter count ('Usuario #12' -> 'U').
  const words = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word));
  const initials = words
    .slice(0, MAX_INITIALS)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase('es');
  return initials || 'U';
};
