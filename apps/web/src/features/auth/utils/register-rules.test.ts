// @vitest-environment node
import { registerBodySchema } from '@unimercado/shared/schemas/users';
import { describe, expect, it } from 'vitest';
import { validateRegistration } from './register-rules';
import type { RegistrationValues } from './registration-completion';

const VALID: RegistrationValues = {
  name: 'Ana López',
  email: 'ana@uni.edu',
  phone: '',
  password: 'secreto1',
  confirmPassword: 'secreto1',
};

/** Each field's first message and the parsed body, as the API's zod schema gives them. */
const bySchema = (values: RegistrationValues) => {
  const result = registerBodySchema.safeParse(values);
  if (result.success) return { errors: {}, body: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors, body: null };
};

const CASES: Partial<RegistrationValues>[] = [
  {},
  { name: '', email: '', password: '', confirmPassword: '' },
  { name: '   ', email: '  ' },
  { name: '  Ana  ', email: '  Ana@Uni.EDU ', phone: ' +34 600 11 22 ' },
  { name: 'x'.repeat(100) },
  { name: 'x'.repeat(101) },
  { email: 'ana' },
  { email: 'ana@uni' },
  { email: 'a na@uni.edu' },
  { email: `${'a'.repeat(245)}@uni.edu` },
  { email: `${'a'.repeat(246)}@uni.edu` },
  { phone: '600-11-22' },
  { phone: '+34 600' },
  { phone: '34+600' },
  { phone: '1'.repeat(20) },
  { phone: '1'.repeat(21) },
  { phone: '   ' },
  { password: 'abc', confirmPassword: 'abc' },
  { password: 'abc', confirmPassword: 'abd' },
  { password: 'abcdef', confirmPassword: 'abcdef' },
  { password: 'p'.repeat(128), confirmPassword: 'p'.repeat(128) },
  { password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) },
  { password: 'secreto1', confirmPassword: '' },
  { password: '', confirmPassword: 'secreto1' },
  { password: ' secreto ', confirmPassword: ' secreto ' },
  { name: '', email: 'x', phone: 'y', password: 'abc', confirmPassword: 'abd' },
];

describe('validateRegistration', () => {
  it.each(CASES)('gives the API schema’s messages and body for %j', (change) => {
    const values = { ...VALID, ...change };
    expect(validateRegistration(values)).toEqual(bySchema(values));
  });

  it('says which rule failed in the spec’s words', () => {
    expect(validateRegistration({ ...VALID, name: ' ' }).errors).toEqual({
      name: 'Por favor complete todos los campos obligatorios',
    });
    expect(
      validateRegistration({ ...VALID, password: 'abc', confirmPassword: 'abd' }).errors,
    ).toEqual({
      password: 'La contraseña debe tener al menos 6 caracteres',
      confirmPassword: 'Las contraseñas no coinciden',
    });
    expect(validateRegistration({ ...VALID, phone: '600-11' }).errors).toEqual({
      phone: 'El número de teléfono no es válido',
    });
  });
});
