import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

// No zod here: the web app's first render imports these texts without the validation library
// (issue 7's JS budget). users.ts re-exports them.

/** Spanish messages of spec section 5, shared by the forms and the API. */
export const USER_MESSAGES = {
  requiredRegister: 'Por favor complete todos los campos obligatorios',
  passwordsMismatch: 'Las contraseñas no coinciden',
  passwordTooShort: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  passwordTooLong: `La contraseña no puede tener más de ${PASSWORD_MAX_LENGTH} caracteres`,
  nameRequired: 'El nombre es obligatorio',
  nameTooLong: `El nombre no puede tener más de ${NAME_MAX_LENGTH} caracteres`,
  emailRequired: 'El correo electrónico es obligatorio',
  emailInvalid: 'El correo electrónico no es válido',
  phoneInvalid: 'El número de teléfono no es válido',
  reauthenticationRequired:
    'Por seguridad, escribe tu contraseña actual para cambiar la contraseña o el correo electrónico.',
  currentPasswordInvalid: 'La contraseña actual no es correcta.',
} as const;

/** Digits and spaces with an optional leading plus (spec section 5, profile edit). */
export const PHONE_PATTERN = /^\+?[\d ]+$/;
// Deliberately basic: one @, no spaces, a dot in the domain.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
