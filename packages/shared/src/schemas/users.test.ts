import { describe, expect, it } from 'vitest';
import { loginBodySchema } from './auth';
import { replaceRolesBodySchema } from './roles';
import { registerBodySchema, updateUserBodySchema, USER_MESSAGES } from './users';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

const validRegistration = {
  name: '  Lucía Gómez ',
  email: ' Lucia@Uni.EDU.co ',
  phone: '',
  password: 'secreta1',
  confirmPassword: 'secreta1',
};

describe('registerBodySchema', () => {
  it('trims, lower-cases the email and turns a blank phone into null', () => {
    expect(registerBodySchema.parse(validRegistration)).toEqual({
      name: 'Lucía Gómez',
      email: 'lucia@uni.edu.co',
      phone: null,
      password: 'secreta1',
      confirmPassword: 'secreta1',
    });
  });

  it('asks for every required field with the spec message', () => {
    for (const field of ['name', 'email', 'password', 'confirmPassword'] as const) {
      const result = registerBodySchema.safeParse({ ...validRegistration, [field]: '' });
      expect(firstMessage(result), field).toBe(USER_MESSAGES.requiredRegister);
    }
  });

  it('refuses mismatched and short passwords with the spec messages', () => {
    expect(
      firstMessage(registerBodySchema.safeParse({ ...validRegistration, confirmPassword: 'otra' })),
    ).toBe('Las contraseñas no coinciden');
    expect(
      firstMessage(
        registerBodySchema.safeParse({
          ...validRegistration,
          password: 'abc',
          confirmPassword: 'abc',
        }),
      ),
    ).toBe('La contraseña debe tener al menos 6 caracteres');
  });

  it('accepts digits, spaces and a leading plus in the phone, nothing else', () => {
    expect(registerBodySchema.parse({ ...validRegistration, phone: '+57 300 1234567' }).phone).toBe(
      '+57 300 1234567',
    );
    expect(
      firstMessage(registerBodySchema.safeParse({ ...validRegistration, phone: '300-123' })),
    ).toBe('El número de teléfono no es válido');
    expect(
      firstMessage(registerBodySchema.safeParse({ ...validRegistration, phone: '57+300' })),
    ).toBe('El número de teléfono no es válido');
  });

  it('refuses an email without a domain', () => {
    expect(
      firstMessage(registerBodySchema.safeParse({ ...validRegistration, email: 'lucia@uni' })),
    ).toBe('El correo electrónico no es válido');
  });
});

describe('updateUserBodySchema', () => {
  it('treats a blank or null password and phone as unchanged/absent (null)', () => {
    const parsed = updateUserBodySchema.parse({
      name: 'Ana',
      email: 'ana@uni.edu',
      phone: '  ',
      password: '',
    });
    expect(parsed).toMatchObject({ phone: null, password: null });
    expect(
      updateUserBodySchema.parse({ name: 'Ana', email: 'ana@uni.edu', password: null }).password,
    ).toBeNull();
  });

  it('gives the profile-edit messages of the spec', () => {
    const base = { name: 'Ana', email: 'ana@uni.edu' };
    expect(firstMessage(updateUserBodySchema.safeParse({ ...base, name: ' ' }))).toBe(
      'El nombre es obligatorio',
    );
    expect(firstMessage(updateUserBodySchema.safeParse({ ...base, email: '' }))).toBe(
      'El correo electrónico es obligatorio',
    );
    expect(firstMessage(updateUserBodySchema.safeParse({ ...base, email: 'ana' }))).toBe(
      'El correo electrónico no es válido',
    );
    expect(firstMessage(updateUserBodySchema.safeParse({ ...base, password: '123' }))).toBe(
      'La contraseña debe tener al menos 6 caracteres',
    );
  });
});

describe('loginBodySchema and replaceRolesBodySchema', () => {
  it('asks for both login fields', () => {
    expect(firstMessage(loginBodySchema.safeParse({ email: '', password: 'x' }))).toBe(
      'Por favor complete todos los campos',
    );
    expect(loginBodySchema.parse({ email: ' A@B.CO ', password: 'x' }).email).toBe('a@b.co');
  });

  it('takes a non-empty array of positive role ids', () => {
    expect(replaceRolesBodySchema.parse([1, 2])).toEqual([1, 2]);
    expect(replaceRolesBodySchema.safeParse([]).success).toBe(false);
    expect(replaceRolesBodySchema.safeParse(['1']).success).toBe(false);
  });
});
