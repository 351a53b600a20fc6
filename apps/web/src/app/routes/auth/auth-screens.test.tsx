import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeMediaQueryList } from '@/testing/media-query';
import { REGISTER_SUCCESS_MESSAGE } from '@/features/auth/components/register-form';
import { jsonResponse, mockFetch, renderApp, requestOf, TEST_USER } from '@/testing/test-utils';

const LOGIN_OK = {
  id: 7,
  name: 'Ana María López',
  email: 'ana@uni.edu',
  roles: ['ROLE_USER'],
  token: 'jwt-token',
  verified: false,
  creationDate: '2026-01-01T00:00:00Z',
  expirationDate: '2026-01-02T00:00:00Z',
};

describe('login', () => {
  it("asks to fill every field with 'Por favor complete todos los campos'", async () => {
    const fetchMock = mockFetch({});
    const user = userEvent.setup({ delay: null });
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Por favor complete todos los campos',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message on wrong credentials and stays signed out", async () => {
    mockFetch({
      // 400, not 401 (decision 038): a 401 means a session is over.
      'POST /api/auth/login': () =>
        jsonResponse(400, {
          error: 'Correo electrónico o contraseña incorrectos',
          code: 'INVALID_CREDENTIALS',
        }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Correo Electrónico'), 'ana@uni.edu');
    await user.type(screen.getByLabelText('Contraseña'), 'incorrecta');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Correo electrónico o contraseña incorrectos',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("says 'Error en el servidor' on a 5xx and gives the connection message without a response", async () => {
    let isDown = false;
    mockFetch({
      'POST /api/auth/login': () => {
        if (isDown) throw new TypeError('Failed to fetch');
        return jsonResponse(500, { error: 'Error interno', code: 'INTERNAL_ERROR' });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/login');
    await user.type(await screen.findByLabelText('Correo Electrónico'), 'ana@uni.edu');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error en el servidor');
    isDown = true;
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(
      await screen.findByText(
        'No se pudo conectar con el servidor. Por favor, verifica tu conexión.',
      ),
    ).toBeInTheDocument();
  });

  it('rejects an answer without a token', async () => {
    mockFetch({ 'POST /api/auth/login': () => jsonResponse(200, { ...LOGIN_OK, token: null }) });
    const user = userEvent.setup({ delay: null });
    renderApp('/login');
    await user.type(await screen.findByLabelText('Correo Electrónico'), 'ana@uni.edu');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La respuesta del servidor no contiene un token válido',
    );
  });

  it('stores the session, returns to the origin and tells an unverified user about verification', async () => {
    mockFetch({ 'POST /api/auth/login': () => jsonResponse(200, LOGIN_OK) });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/login', {
      state: { from: { pathname: '/my-purchases', search: '' } },
    });
    await user.type(await screen.findByLabelText('Correo Electrónico'), 'ana@uni.edu');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-purchases'));
    expect(localStorage.getItem('token')).toBe('jwt-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
      id: 7,
      role: 'ROLE_USER',
      verified: false,
    });
    expect(await screen.findByText(/Puedes hacerlo más tarde desde tu/)).toBeInTheDocument();
  });

  it('goes to /products without an origin, and sends a signed-in user away', async () => {
    mockFetch({});
    const { router } = renderApp('/login', { user: TEST_USER });
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
  });

  it('toggles the password visibility', async () => {
    mockFetch({});
    const user = userEvent.setup({ delay: null });
    renderApp('/login');
    const password = await screen.findByLabelText('Contraseña');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});

describe('login focus (issue 7)', () => {
  it('puts the cursor in the email field with a mouse, not on a touch screen (no keyboard over the form)', async () => {
    mockFetch({});
    renderApp('/login');
    expect(await screen.findByLabelText('Correo Electrónico')).toHaveFocus();
    cleanup();

    vi.stubGlobal('matchMedia', (query: string) =>
      fakeMediaQueryList(query, query === '(pointer: coarse)'),
    );
    renderApp('/login');
    expect(await screen.findByLabelText('Correo Electrónico')).not.toHaveFocus();
  });

  it('moves the focus to the new page’s main heading after a navigation', async () => {
    mockFetch({});
    const user = userEvent.setup({ delay: null });
    renderApp('/login');
    await user.click(await screen.findByRole('link', { name: '¿Olvidaste tu contraseña?' }));
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: '¿Olvidaste tu contraseña?',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('names what each password toggle shows: the password or its confirmation', async () => {
    mockFetch({});
    renderApp('/register');
    expect(await screen.findByRole('button', { name: 'Mostrar contraseña' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Mostrar confirmación de contraseña' }),
    ).toBeInTheDocument();
  });
});

describe('links between login and register', () => {
  it('are 44px touch targets', async () => {
    mockFetch({});
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Regístrate aquí' })).toHaveStyle({
      minHeight: '44px',
    });
    cleanup();
    renderApp('/register');
    expect(
      await screen.findByRole('link', { name: '¿Ya tienes cuenta? Inicia sesión aquí' }),
    ).toHaveStyle({ minHeight: '44px' });
  });
});

describe('register', () => {
  it("keeps 'Crear Cuenta' disabled under 80% and checks passwords live", async () => {
    mockFetch({});
    const user = userEvent.setup({ delay: null });
    renderApp('/register');
    const submit = await screen.findByRole('button', { name: 'Crear Cuenta' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/Nombre completo/), 'Ana López');
    await user.type(screen.getByLabelText(/Correo Electrónico/), 'ana@uni.edu');
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreto1');
    expect(screen.getByText('60%')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/Confirmar Contraseña/), 'secreto2');
    expect(screen.getByText('80%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progreso del registro' })).toHaveAttribute(
      'aria-valuenow',
      '80',
    );
    expect(submit).toBeEnabled();
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Confirmar Contraseña/));
    await user.type(screen.getByLabelText(/Confirmar Contraseña/), 'secreto1');
    expect(screen.queryByText('Las contraseñas no coinciden')).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: '¿Ya tienes cuenta? Inicia sesión aquí' }),
    ).toHaveAttribute('href', '/login');
  });

  it('clears the mismatch on the confirmation once the password is corrected to match', async () => {
    mockFetch({});
    const user = userEvent.setup({ delay: null });
    renderApp('/register');
    await user.type(await screen.findByLabelText(/Nombre completo/), 'Ana');
    await user.type(screen.getByLabelText(/Correo Electrónico/), 'ana@uni.edu');
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreto1');
    await user.type(screen.getByLabelText(/Confirmar Contraseña/), 'secreto2');
    await user.click(screen.getByRole('button', { name: 'Crear Cuenta' }));
    const confirm = screen.getByLabelText(/Confirmar Contraseña/);
    await waitFor(() => expect(confirm).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Contraseña/));
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreto2');
    expect(screen.queryByText('Las contraseñas no coinciden')).not.toBeInTheDocument();
    await waitFor(() => expect(confirm).toHaveAttribute('aria-invalid', 'false'));
  });

  it('asks for the missing field, focuses it and sends nothing', async () => {
    const fetchMock = mockFetch({});
    const user = userEvent.setup({ delay: null });
    renderApp('/register');
    await user.type(await screen.findByLabelText(/Correo Electrónico/), 'ana@uni.edu');
    await user.type(screen.getByLabelText(/Teléfono/), '600-11-22');
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreto1');
    await user.type(screen.getByLabelText(/Confirmar Contraseña/), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Crear Cuenta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Por favor complete todos los campos obligatorios',
    );
    const name = screen.getByLabelText(/Nombre completo/);
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Teléfono/)).toHaveAccessibleDescription(
      'El número de teléfono no es válido',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    // Checked again as it changes: the name filled, the summary goes.
    await user.type(name, 'Ana');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'false');
  });

  it('enforces the 6-character password', async () => {
    mockFetch({});
    const user = userEvent.setup({ delay: null });
    renderApp('/register');
    await user.type(await screen.findByLabelText(/Nombre completo/), 'Ana');
    await user.type(screen.getByLabelText(/Correo Electrónico/), 'ana@uni.edu');
    await user.type(screen.getByLabelText(/^Contraseña/), 'abc');
    await user.type(screen.getByLabelText(/Confirmar Contraseña/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Crear Cuenta' }));
    expect(
      await screen.findByText('La contraseña debe tener al menos 6 caracteres'),
    ).toBeInTheDocument();
  });

  it('registers and goes to verification-pending with the email and message', async () => {
    const fetchMock = mockFetch({
      'POST /api/users': () =>
        jsonResponse(201, {
          id: 3,
          name: 'Ana',
          email: 'ana@uni.edu',
          phone: null,
          roles: ['ROLE_USER'],
          verified: false,
          createdAt: '2026-01-01T00:00:00Z',
        }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/register');
    await user.type(await screen.findByLabelText(/Nombre completo/), 'Ana');
    await user.type(screen.getByLabelText(/Correo Electrónico/), 'Ana@Uni.edu');
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreto1');
    await user.type(screen.getByLabelText(/Confirmar Contraseña/), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Crear Cuenta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification-pending'));
    expect(requestOf(fetchMock).body).toEqual({
      name: 'Ana',
      email: 'ana@uni.edu',
      phone: null,
      password: 'secreto1',
      confirmPassword: 'secreto1',
    });
    expect(await screen.findByRole('heading', { name: '¡Registro exitoso!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Revisa tu email para verificar tu cuenta. Si no recibes el email, puedes solicitar un reenvío.',
      ),
    ).toBeInTheDocument();
    // Said once: the title, not again in the message.
    expect(screen.getAllByText(/¡Registro exitoso!/)).toHaveLength(1);
    expect(screen.getByText('ana@uni.edu')).toBeInTheDocument();
  });

  it("shows the server's error (e.g. duplicate email)", async () => {
    mockFetch({
      'POST /api/users': () =>
        jsonResponse(409, { error: 'Ya existe una cuenta con este correo', code: 'EMAIL_TAKEN' }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/register');
    await user.type(await screen.findByLabelText(/Nombre completo/), 'Ana');
    await user.type(screen.getByLabelText(/Correo Electrónico/), 'ana@uni.edu');
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreto1');
    await user.type(screen.getByLabelText(/Confirmar Contraseña/), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Crear Cuenta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ya existe una cuenta con este correo',
    );
  });
});

describe('verification pending', () => {
  it("says '¡Registro exitoso!' only right after a registration", async () => {
    mockFetch({});
    renderApp('/verification-pending?email=ana%40uni.edu');
    expect(await screen.findByRole('heading', { name: 'Verifica tu email' })).toBeInTheDocument();
    expect(screen.queryByText(/Registro exitoso/)).not.toBeInTheDocument();
    expect(screen.getByText('ana@uni.edu')).toBeInTheDocument();
  });

  it('lets a long address wrap before the @ and the dots, never inside a word', async () => {
    mockFetch({});
    const email = 'maria.fernanda.gonzalez.restrepo@estudiantes.universidad-nacional.edu.co';
    renderApp('/verification-pending', { state: { email, message: REGISTER_SUCCESS_MESSAGE } });
    const address = await screen.findByText(email);
    const parts = [...address.childNodes].map((node) =>
      node.nodeName === 'WBR' ? '|' : node.textContent,
    );
    expect(parts.join('')).toBe(
      'maria|.fernanda|.gonzalez|.restrepo|@estudiantes|.universidad-nacional|.edu|.co',
    );
  });

  it('reveals the resend form, validates it and confirms the resend', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/resend-verification': () => jsonResponse(200, { message: 'ok' }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/verification-pending', { state: { email: 'ana@uni.edu', message: 'Mensaje' } });
    expect(await screen.findByText('ana@uni.edu')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al login' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: 'Reenviar verificación' }));
    const field = await screen.findByLabelText('Correo Electrónico');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Por favor ingresa tu email.')).toBeInTheDocument();
    await user.type(field, 'ana@uni.edu');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(
      await screen.findByText(
        'Email de verificación reenviado exitosamente. Revisa tu bandeja de entrada.',
      ),
    ).toBeInTheDocument();
    expect(requestOf(fetchMock).url).toBe('/api/auth/resend-verification?email=ana%40uni.edu');
  });
});
