import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth-messages';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, requestOf, TEST_USER } from '@/testing/test-utils';

describe('verify email', () => {
  it('shows the spinner then success, calling the server once even under StrictMode', async () => {
    let calls = 0;
    const fetchMock = mockFetch({
      'POST /api/auth/verify-email': () => {
        calls += 1;
        // A second call with the same single-use token would fail: it must never happen.
        return calls === 1
          ? jsonResponse(200, {
              message: '¡Tu email ha sido verificado! Ya puedes iniciar sesión.',
            })
          : jsonResponse(400, { error: 'Este enlace ya ha sido utilizado.', code: 'TOKEN_USED' });
      },
    });
    renderApp('/verify-email?token=abc', { strict: true });
    expect(
      await screen.findByRole('heading', { name: 'Verificando tu email...' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: '¡Verificación exitosa!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al login' })).toHaveAttribute('href', '/login');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requestOf(fetchMock).url).toBe('/api/auth/verify-email?token=abc');
  });

  it('explains a missing token', async () => {
    const fetchMock = mockFetch({});
    renderApp('/verify-email');
    expect(
      await screen.findByRole('heading', { name: 'Error de verificación' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('No se proporcionó un token de verificación válido.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al login' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers a resend form for an expired link', async () => {
    mockFetch({
      'POST /api/auth/verify-email': () =>
        jsonResponse(400, {
          error: 'El enlace de verificación ha expirado.',
          code: 'TOKEN_EXPIRED',
        }),
    });
    renderApp('/verify-email?token=viejo');
    expect(
      await screen.findByRole('heading', { name: 'Error de verificación' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('El enlace de verificación ha expirado. Solicita uno nuevo.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Intentar verificar de nuevo' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Reenviar verificación' })).toBeInTheDocument();
  });

  it('says a used link was used, without offering to try it again', async () => {
    mockFetch({
      'POST /api/auth/verify-email': () =>
        jsonResponse(400, { error: 'Token ya utilizado', code: 'TOKEN_USED' }),
    });
    renderApp('/verify-email?token=usado');
    expect(await screen.findByText('Este enlace ya ha sido utilizado.')).toBeInTheDocument();
    // Trying a used link again could only say so again (issue 18, decision 038).
    expect(
      screen.queryByRole('button', { name: 'Intentar verificar de nuevo' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al login' })).toBeInTheDocument();
    // Any failed link offers a new one.
    expect(await screen.findByRole('form', { name: 'Reenviar verificación' })).toBeInTheDocument();
  });

  it('retries on request when the server could not answer', async () => {
    let calls = 0;
    mockFetch({
      'POST /api/auth/verify-email': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(503, { error: 'Servicio no disponible', code: 'SERVICE_UNAVAILABLE' })
          : jsonResponse(200, { message: 'Verificado' });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/verify-email?token=bueno');
    expect(
      await screen.findByRole('heading', { name: 'Error de verificación' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Intentar verificar de nuevo' }));
    expect(
      await screen.findByRole('heading', { name: '¡Verificación exitosa!' }),
    ).toBeInTheDocument();
  });

  it("marks the signed-in session verified only when the server says it is that account's", async () => {
    let ownStatus = false;
    const fetchMock = mockFetch({
      'POST /api/auth/verify-email': () =>
        jsonResponse(200, { message: '¡Tu email ha sido verificado! Ya puedes iniciar sesión.' }),
      'GET /api/auth/verification-status': () =>
        jsonResponse(200, { verified: ownStatus, email: 'ana@uni.edu' }),
    });
    // Another account's link opened while Ana (unverified) is signed in.
    renderApp('/verify-email?token=otra', { user: { ...TEST_USER, verified: false } });
    expect(
      await screen.findByRole('heading', { name: '¡Verificación exitosa!' }),
    ).toBeInTheDocument();
    const statusCalls = () =>
      fetchMock.mock.calls.filter((_call, index) =>
        requestOf(fetchMock, index).url.includes('verification-status'),
      ).length;
    await waitFor(() => expect(statusCalls()).toBe(1));
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ verified: false });
    // The page itself is about verification: the layout's notice is not repeated on it (issue 7).
    expect(screen.queryByRole('note', { name: 'Correo sin verificar' })).not.toBeInTheDocument();
    cleanup();

    // Her own link: the session follows.
    ownStatus = true;
    renderApp('/verify-email?token=suyo', { user: { ...TEST_USER, verified: false } });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ verified: true }),
    );
    expect(screen.queryByRole('note', { name: 'Correo sin verificar' })).not.toBeInTheDocument();
  });

  it('an unknown or replaced link offers the resend form too; signed in, the way on is Continuar', async () => {
    mockFetch({
      'POST /api/auth/verify-email': () =>
        jsonResponse(400, {
          error: 'El enlace de verificación no es válido.',
          message: 'El enlace de verificación no es válido.',
          code: 'TOKEN_INVALID',
        }),
    });
    renderApp('/verify-email?token=reemplazado');
    expect(await screen.findByText('El enlace de verificación no es válido.')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Reenviar verificación' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al login' })).toHaveAttribute('href', '/login');
    cleanup();

    renderApp('/verify-email?token=reemplazado', { user: { ...TEST_USER, verified: false } });
    expect(await screen.findByText('El enlace de verificación no es válido.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continuar' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('link', { name: 'Volver al login' })).not.toBeInTheDocument();
    // The resend form is filled in with the session's address.
    expect(await screen.findByLabelText('Correo Electrónico')).toHaveValue(TEST_USER.email);
  });

  it("signed in, success offers 'Continuar' instead of 'Ir al login'", async () => {
    mockFetch({
      'POST /api/auth/verify-email': () =>
        jsonResponse(200, { message: '¡Tu email ha sido verificado! Ya puedes iniciar sesión.' }),
      'GET /api/auth/verification-status': () =>
        jsonResponse(200, { verified: true, email: TEST_USER.email }),
    });
    renderApp('/verify-email?token=bueno', { user: { ...TEST_USER, verified: false } });
    expect(
      await screen.findByRole('heading', { name: '¡Verificación exitosa!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continuar' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('link', { name: 'Ir al login' })).not.toBeInTheDocument();
  });

  it('an administrator address chooses its password on the verification page', async () => {
    const passwordRequired = {
      error: AUTH_MESSAGES.passwordRequired,
      message: AUTH_MESSAGES.passwordRequired,
      code: 'PASSWORD_REQUIRED',
      details: { email: 'rectora@uni.edu' },
    };
    const fetchMock = mockFetch({
      'POST /api/auth/verify-email': ({ body }) =>
        body
          ? jsonResponse(200, { message: AUTH_MESSAGES.verifiedWithPassword })
          : jsonResponse(400, passwordRequired),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/verify-email?token=admin', { strict: true });
    expect(await screen.findByRole('heading', { name: 'Protege tu cuenta' })).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText('rectora@uni.edu')).toBeInTheDocument();

    const password = await screen.findByLabelText(/^Nueva Contraseña/);
    const confirm = screen.getByLabelText(/^Confirmar Contraseña/);
    await user.type(password, 'abc');
    await user.type(confirm, 'abd');
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verificar y guardar contraseña' }));
    expect(
      await screen.findByText('La contraseña debe tener al menos 6 caracteres'),
    ).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'clave-segura-1');
    await user.clear(confirm);
    await user.type(confirm, 'clave-segura-1');
    await user.click(screen.getByRole('button', { name: 'Verificar y guardar contraseña' }));
    expect(
      await screen.findByRole('heading', { name: '¡Verificación exitosa!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.verifiedWithPassword)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al login' })).toHaveAttribute('href', '/login');
    const posts = fetchMock.mock.calls.map((_, index) => requestOf(fetchMock, index));
    expect(posts).toHaveLength(2);
    expect(posts[1]).toMatchObject({
      url: '/api/auth/verify-email?token=admin',
      body: { password: 'clave-segura-1', confirmPassword: 'clave-segura-1' },
    });
  });
});
