import { REGISTER_FIELD_COUNT, REGISTER_MIN_COMPLETION } from '@unimercado/shared/constants';

export type RegistrationValues = {
  name: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
};

/** Percentage (0-100, whole number) of the five registration fields that are filled. */
export const getRegistrationCompletion = (values: Partial<RegistrationValues>): number => {
  const filled = [
    values.name,
    values.email,
    values.phone,
    values.password,
    values.confirmPassword,
  ].filter((value) => typeof value === 'string' && value.trim() !== '').length;
  return Math.round((filled / REGISTER_FIELD_COUNT) * 100);
};

/** 'Crear Cuenta' is enabled from 80% (spec sections 2 and 5). */
export const isRegistrationComplete = (completion: number): boolean =>
  completion >= REGISTER_MIN_COMPLETION;
