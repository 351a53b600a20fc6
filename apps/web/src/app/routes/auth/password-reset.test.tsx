import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth-messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, requestOf, TEST_USER } from '@/testing/test-utils';

const linkError = (code: string, error: string) =>
  jsonResponse(400, { error, message: error, code });

describe('forgot password', () => {
  it("the login page links to it ('¿Olvidaste tu contraseña?', a 44px target)", async () => {
    mockFetch({});
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/login');
    const link = await screen.findByRole('link', { name: '¿Olvidaste tu contraseña?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    expect(link).toHaveStyle({ minHeight: '44px' });
    await user.click(link);
    expect(
      await screen.findByRole('heading', { name: '¿Olvidaste tu contraseña?' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('validates the email, sends it and says a link is on its way, whoever it belongs to', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/forgot-password': () =>
        jsonResponse(200, { message: AUTH_MESSAGES.forgotSuccess }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/forgot-password');
    const field = await screen.findByLabelText('Correo Electrónico');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Por favor ingresa tu email.');
    await user.type(field, 'ana@uni');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El correo electrónico no es válido',
    );
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, ' Ana@Uni.edu ');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' })).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.forgotSuccess)).toBeInTheDocument();
    expect(screen.getByText('Ana@Uni.edu')).toBeInTheDocument();
    expect(screen.getByText(/vence en 60 minutos/)).toBeInTheDocument();
    expect(requestOf(fetchMock).body).toEqual({ email: 'Ana@Uni.edu' });
    expect(screen.getByRole('link', { name: 'Volver al login' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's message when it refuses (too many requests)", async () => {
    mockFetch({
      'POST /api/auth/forgot-password': () =>
        jsonResponse(429, {
          error: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
          code: 'RATE_LIMITED',
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Correo Electrónico'), 'ana@uni.edu');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos');
  });
});

describe('choosing a new password', () => {
  it('checks the link, asks for the password twice with the registration rules, then signs out', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/reset-password': () => jsonResponse(200, { email: TEST_USER.email }),
      'POST /api/auth/reset-password': () =>
        jsonResponse(200, { message: AUTH_MESSAGES.resetSuccess }),
    });
    const user = userEvent.setup({ delay: null });
    // Signed in on this browser as the same account: every session of it ends.
    renderApp('/reset-password?token=abc123', { user: TEST_USER, strict: true });
    expect(
      await screen.findByRole('heading', { name: 'Elige una nueva contraseña' }),
    ).toBeInTheDocument();
    expect(screen.getByText(TEST_USER.email)).toBeInTheDocument();
    // The layout's own calls (the bell) may come first: find the page's.
    expect(
      fetchMock.mock.calls.some(
        (_call, index) =>
          requestOf(fetchMock, index).url === '/api/auth/reset-password?token=abc123',
      ),
    ).toBe(true);

    const password = screen.getByLabelText(/^Nueva Contraseña/);
    const confirm = screen.getByLabelText(/^Confirmar Contraseña/);
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(
      await screen.findAllByText('Por favor complete todos los campos obligatorios'),
    ).not.toHaveLength(0);
    await user.type(password, 'corta');
    await user.type(confirm, 'cort');
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(screen.getByText('La contraseña debe tener al menos 6 caracteres')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'clave-nueva-1');
    await user.clear(confirm);
    await user.type(confirm, 'clave-nueva-1');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect(
      await screen.findByRole('heading', { name: '¡Contraseña actualizada!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.resetSuccess)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al login' })).toHaveAttribute('href', '/login');
    const post = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'POST');
    expect(requestOf(fetchMock, post).body).toEqual({
      token: 'abc123',
      password: 'clave-nueva-1',
      confirmPassword: 'clave-nueva-1',
    });
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });

  it('an expired, used or missing link says so and offers a new one', async () => {
    mockFetch({
      'GET /api/auth/reset-password': ({ url }) =>
        url.searchParams.get('token') === 'viejo'
          ? linkError('TOKEN_EXPIRED', AUTH_MESSAGES.resetTokenExpired)
          : linkError('TOKEN_USED', AUTH_MESSAGES.tokenUsed),
    });
    const { unmount } = renderApp('/reset-password?token=viejo');
    expect(
      await screen.findByRole('heading', { name: 'No se pudo usar el enlace' }),
    ).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.resetTokenExpired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    unmount();
    const used = renderApp('/reset-password?token=usado');
    expect(await screen.findByText(AUTH_MESSAGES.tokenUsed)).toBeInTheDocument();
    used.unmount();
    renderApp('/reset-password');
    expect(await screen.findByText(AUTH_MESSAGES.resetTokenMissing)).toBeInTheDocument();
  });

  it('a link used meanwhile in another tab ends on the same page', async () => {
    mockFetch({
      'GET /api/auth/reset-password': () => jsonResponse(200, { email: 'ana@uni.edu' }),
      'POST /api/auth/reset-password': () => linkError('TOKEN_USED', AUTH_MESSAGES.tokenUsed),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/reset-password?token=doble');
    await user.type(await screen.findByLabelText(/^Nueva Contraseña/), 'clave-nueva-1');
    await user.type(screen.getByLabelText(/^Confirmar Contraseña/), 'clave-nueva-1');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(
      await screen.findByRole('heading', { name: 'No se pudo usar el enlace' }),
    ).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.tokenUsed)).toBeInTheDocument();
  });
});
