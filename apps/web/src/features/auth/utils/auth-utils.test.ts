// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { getLoginErrorMessage, getVerifyErrorKind, getVerifyErrorMessage } from './error-messages';
import { INVALID_TOKEN_MESSAGE, parseLoginResponse } from './parse-login-response';
import { getPostLoginPath } from './redirect';
import { getRegistrationCompletion, isRegistrationComplete } from './registration-completion';

describe('parseLoginResponse', () => {
  it('builds the session from the body', () => {
    const session = parseLoginResponse({
      id: 4,
      name: 'Ana',
      email: 'ana@uni.edu',
      roles: [],
      token: 'jwt',
      verified: false,
      creationDate: '2026-01-01T00:00:00Z',
      expirationDate: '2026-01-02T00:00:00Z',
    });
    expect(session).toEqual({
      token: 'jwt',
      user: { id: 4, name: 'Ana', email: 'ana@uni.edu', roles: [], role: 'USER', verified: false },
    });
  });

  it('rejects an answer without a valid token or id', () => {
    expect(() => parseLoginResponse({ id: 1, token: '' })).toThrow(INVALID_TOKEN_MESSAGE);
    expect(() => parseLoginResponse({ id: 1 })).toThrow(INVALID_TOKEN_MESSAGE);
    expect(() => parseLoginResponse({ token: 'x' })).toThrow(INVALID_TOKEN_MESSAGE);
    expect(() => parseLoginResponse('jwt')).toThrow(INVALID_TOKEN_MESSAGE);
    expect(() => parseLoginResponse(null)).toThrow(INVALID_TOKEN_MESSAGE);
  });
});

describe('registration completion', () => {
  it('counts the filled fields out of five', () => {
    expect(getRegistrationCompletion({})).toBe(0);
    expect(getRegistrationCompletion({ name: 'Ana', email: ' ' })).toBe(20);
    expect(
      getRegistrationCompletion({
        name: 'Ana',
        email: 'a@u.co',
        password: 'x',
        confirmPassword: 'x',
      }),
    ).toBe(80);
    expect(
      getRegistrationCompletion({
        name: 'A',
        email: 'a',
        phone: '1',
        password: 'x',
        confirmPassword: 'x',
      }),
    ).toBe(100);
  });

  it('enables submission from 80%', () => {
    expect(isRegistrationComplete(60)).toBe(false);
    expect(isRegistrationComplete(80)).toBe(true);
    expect(isRegistrationComplete(100)).toBe(true);
  });
});

describe('getPostLoginPath', () => {
  it('returns to the remembered page with its query', () => {
    expect(
      getPostLoginPath({ from: { pathname: '/my-products', search: '?tab=1', hash: '' } }),
    ).toBe('/my-products?tab=1');
    expect(getPostLoginPath({ from: '/profile' })).toBe('/profile');
  });

  it('falls back to /products without an origin, for auth pages and foreign URLs', () => {
    expect(getPostLoginPath(null)).toBe('/products');
    expect(getPostLoginPath({ from: { pathname: '/login' } })).toBe('/products');
    expect(getPostLoginPath({ from: '//evil.example' })).toBe('/products');
    expect(getPostLoginPath({ from: 'https://evil.example' })).toBe('/products');
  });
});

describe('login error messages', () => {
  it('follows the catalogue of spec section 8', () => {
    expect(
      getLoginErrorMessage(
        new ApiError(400, 'INVALID_CREDENTIALS', 'Correo o contraseña incorrectos', {
          hasServerMessage: true,
        }),
      ),
    ).toBe('Correo o contraseña incorrectos');
    expect(
      getLoginErrorMessage(
        new ApiError(500, 'INTERNAL_ERROR', 'Error interno', { hasServerMessage: true }),
      ),
    ).toBe('Error en el servidor');
    expect(getLoginErrorMessage(new ApiError(400, 'HTTP_400', 'Error 400'))).toBe(
      'Error al iniciar sesión.',
    );
    expect(getLoginErrorMessage(new Error(INVALID_TOKEN_MESSAGE))).toBe(INVALID_TOKEN_MESSAGE);
    expect(getLoginErrorMessage(undefined)).toBe('Error al iniciar sesión.');
  });
});

describe('verify-email errors', () => {
  it("recognises expired and used tokens by code or by 'expirado' / 'utilizado'", () => {
    expect(
      getVerifyErrorKind(new ApiError(400, 'TOKEN_EXPIRED', 'x', { hasServerMessage: true })),
    ).toBe('expired');
    expect(
      getVerifyErrorKind(
        new ApiError(400, 'BAD_REQUEST', 'El token ha expirado', { hasServerMessage: true }),
      ),
    ).toBe('expired');
    expect(
      getVerifyErrorKind(
        new ApiError(400, 'BAD_REQUEST', 'Token ya utilizado', { hasServerMessage: true }),
      ),
    ).toBe('used');
    expect(
      getVerifyErrorMessage(new ApiError(400, 'TOKEN_USED', 'x', { hasServerMessage: true })),
    ).toBe('Este enlace ya ha sido utilizado.');
    expect(
      getVerifyErrorMessage(new ApiError(400, 'TOKEN_EXPIRED', 'x', { hasServerMessage: true })),
    ).toBe('El enlace de verificación ha expirado. Solicita uno nuevo.');
    expect(getVerifyErrorMessage(new ApiError(500, 'HTTP_500', 'Error en el servidor'))).toBe(
      'Error verificando email',
    );
  });
});
