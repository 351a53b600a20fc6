import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '@unimercado/shared/schemas/users';
import {
  jsonResponse,
  mockFetch,
  renderApp,
  requestOf,
  seedSession,
  TEST_USER,
} from '@/testing/test-utils';

const PROFILE = {
  id: 7,
  name: 'Ana María López',
  email: 'ana@uni.edu',
  phone: '+57 300 123 4567',
  roles: ['ROLE_USER'],
  verified: false,
  createdAt: '2026-01-10T10:00:00Z',
};

const profileApi = (overrides: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) =>
  mockFetch({
    'GET /api/users/7': () => jsonResponse(200, PROFILE),
    'GET /api/users/7/stats': () =>
      jsonResponse(200, { productos: 5, vendidos: 2, promedio: 4.5, totalReviews: 2 }),
    'GET /api/reviews': () =>
      jsonResponse(200, [
        {
          id: 1,
          rating: 5,
          comment: 'Excelente vendedora',
          productId: 3,
          reviewerId: 8,
          reviewerName: 'Pedro Gómez',
          revieweeId: 7,
          createdAt: '2026-02-01T10:00:00Z',
        },
        {
          id: 2,
          rating: 4,
          comment: 'Todo bien',
          productId: 4,
          reviewerId: 99,
          reviewerName: '',
          revieweeId: 7,
          createdAt: '2026-01-20T10:00:00Z',
        },
      ]),
    'GET /api/auth/verification-status': () =>
      jsonResponse(200, { verified: false, email: 'ana@uni.edu' }),
    ...overrides,
  });

describe('own profile', () => {
  it("shows 'Mi Perfil', the stats and the reviews with the reviewer fallback name", async () => {
    profileApi();
    renderApp('/profile', { user: { ...TEST_USER, verified: false } });
    expect(
      await screen.findByRole('heading', { name: 'Mi Perfil' }, { timeout: 10000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('+57 300 123 4567')).toBeInTheDocument();
    const stats = await screen.findByRole('region', { name: 'Estadísticas' });
    expect(within(stats).getByText('5')).toBeInTheDocument();
    // 'promedio' is a mean with two decimals (spec §9).
    expect(within(stats).getByText('4,50')).toBeInTheDocument();
    expect(await screen.findByText('Pedro Gómez')).toBeInTheDocument();
    expect(screen.getByText('Usuario #99')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedro Gómez' })).toHaveStyle({ minHeight: '44px' });
    expect(await screen.findByText('Email no verificado')).toBeInTheDocument();
  });

  it('switches each email reminder on its own, the listing expiry one included', async () => {
    let saved = { unreadDigest: true, meetupReminderEmail: false, listingExpiryEmail: false };
    const fetchMock = profileApi({
      'GET /api/chat/preferences': () => jsonResponse(200, saved),
      'PUT /api/chat/preferences': ({ body }) => {
        saved = { ...saved, ...(body as Partial<typeof saved>) };
        return jsonResponse(200, saved);
      },
    });
    renderApp('/profile', { user: TEST_USER });
    const card = (
      await screen.findByRole('heading', { name: 'Avisos por email' }, { timeout: 10000 })
    ).closest('.MuiCard-root') as HTMLElement;
    const expiry = await within(card).findByRole('switch', {
      name: 'Aviso antes de que caduque una publicación',
    });
    expect(expiry).not.toBeChecked();
    expect(
      within(card).getByRole('switch', {
        name: 'Resumen de mensajes sin leer por más de una hora (como máximo uno al día)',
      }),
    ).toBeChecked();
    await userEvent.click(expiry);
    await waitFor(() => expect(expiry).toBeChecked());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({ listingExpiryEmail: true });
    expect(
      within(card).getByRole('switch', { name: 'Recordatorio de mis encuentros, una hora antes' }),
    ).not.toBeChecked();
  });

  it('shows the empty reviews state while the reviews endpoint answers 404', async () => {
    profileApi({
      'GET /api/reviews': () => jsonResponse(404, { error: 'No encontrado', code: 'NOT_FOUND' }),
    });
    renderApp('/profile', { user: TEST_USER });
    expect(
      await screen.findByText('Aún no has recibido reseñas.', {}, { timeout: 10000 }),
    ).toBeInTheDocument();
  });

  it("shows 'Error al cargar el perfil' with the message and retries", async () => {
    let fail = true;
    profileApi({
      'GET /api/users/7': () =>
        fail
          ? jsonResponse(500, { error: 'Error interno del servidor', code: 'INTERNAL_ERROR' })
          : jsonResponse(200, PROFILE),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/profile', { user: TEST_USER });
    expect(await screen.findByText('Error al cargar el perfil')).toBeInTheDocument();
    expect(screen.getByText('Error interno del servidor')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('+57 300 123 4567')).toBeInTheDocument();
  });

  it("shows 'Perfil no encontrado' when there is no user", async () => {
    profileApi({
      'GET /api/users/7': () =>
        jsonResponse(404, { error: 'Usuario no encontrado', code: 'NOT_FOUND' }),
    });
    renderApp('/profile', { user: TEST_USER });
    expect(await screen.findByText('Perfil no encontrado')).toBeInTheDocument();
    expect(screen.getByText('No se pudo cargar la información del perfil.')).toBeInTheDocument();
  });

  it('edits the profile with the section-5 rules, sends blanks as null and closes after success', async () => {
    const fetchMock = profileApi({
      'PUT /api/users/7': ({ body }) => jsonResponse(200, { ...PROFILE, ...(body as object) }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/profile', { user: TEST_USER });
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    expect(screen.getByRole('heading', { name: 'Editando Perfil' })).toBeInTheDocument();

    // The form's code loads on demand: its skeleton shows until it is here.
    const name = await screen.findByLabelText(/Nombre completo/);
    const email = screen.getByLabelText(/Correo Electrónico/);
    const phone = screen.getByLabelText(/Teléfono/);
    await user.clear(name);
    await user.clear(email);
    await user.type(email, 'no-es-correo');
    await user.clear(phone);
    await user.type(phone, '300-abc');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El correo electrónico no es válido')).toBeInTheDocument();
    expect(screen.getByText('El número de teléfono no es válido')).toBeInTheDocument();

    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('El correo electrónico es obligatorio')).toBeInTheDocument();

    await user.type(name, 'Ana López');
    await user.type(email, 'ana.lopez@uni.edu');
    await user.clear(phone);
    // A new email from a session signed in long ago: the current password is asked for.
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Escribe tu contraseña actual.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await user.type(screen.getByLabelText(/^Contraseña Actual/), 'clave-actual');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Perfil actualizado correctamente')).toBeInTheDocument();
    const put = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'PUT');
    expect(requestOf(fetchMock, put).body).toEqual({
      id: 7,
      name: 'Ana López',
      email: 'ana.lopez@uni.edu',
      phone: null,
      password: null,
      currentPassword: 'clave-actual',
    });
    await waitFor(
      () => expect(screen.getByRole('heading', { name: 'Mi Perfil' })).toBeInTheDocument(),
      {
        timeout: 2500,
      },
    );
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ name: 'Ana López' });
  });

  it('keeps the fresh token after a password change and shows a changed email as unverified', async () => {
    // The server revokes older tokens on a password change and unverifies a changed email.
    let isOldTokenRevoked = false;
    let isVerified = true;
    const authorised =
      (answer: () => Response) =>
      ({ headers }: { headers: Headers }) =>
        isOldTokenRevoked && headers.get('Authorization') === 'Bearer test-token'
          ? jsonResponse(401, { error: 'Sesión expirada', code: 'UNAUTHORIZED' })
          : answer();
    profileApi({
      'GET /api/users/7': authorised(() => jsonResponse(200, PROFILE)),
      'GET /api/auth/verification-status': authorised(() =>
        jsonResponse(200, { verified: isVerified, email: 'ana@uni.edu' }),
      ),
      'PUT /api/users/7': ({ body }) => {
        isOldTokenRevoked = true;
        isVerified = false;
        const { password: _password, ...fields } = body as Record<string, unknown>;
        return jsonResponse(200, { ...PROFILE, ...fields, verified: false, token: 'fresh-token' });
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/profile', { user: TEST_USER });
    expect(await screen.findByText('Email verificado')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const email = await screen.findByLabelText(/Correo Electrónico/);
    await user.clear(email);
    await user.type(email, 'ana.nueva@uni.edu');
    await user.type(screen.getByLabelText(/^Nueva Contraseña \(Opcional\)/), 'nueva-clave');
    await user.type(screen.getByLabelText(/^Contraseña Actual/), 'clave-actual');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Perfil actualizado correctamente')).toBeInTheDocument();
    expect(await screen.findByText('Email no verificado')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
      email: 'ana.nueva@uni.edu',
      verified: false,
    });
  });

  it('asks for the current password only when needed: not after a fresh sign-in, unless the server does', async () => {
    const signedInNow = Math.floor(Date.now() / 1000);
    const freshToken = `h.${btoa(JSON.stringify({ id: 7, auth_time: signedInNow }))}.s`;
    let asks = true;
    const fetchMock = profileApi({
      'PUT /api/users/7': ({ body }) => {
        if (asks) {
          asks = false;
          return jsonResponse(403, {
            error: USER_MESSAGES.reauthenticationRequired,
            message: USER_MESSAGES.reauthenticationRequired,
            code: 'REAUTHENTICATION_REQUIRED',
          });
        }
        return jsonResponse(200, { ...PROFILE, ...(body as object), token: 'fresh-token' });
      },
    });
    seedSession(TEST_USER, freshToken);
    const user = userEvent.setup({ delay: null });
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    // A name change never needs it; a new password right after signing in does not either.
    await user.type(await screen.findByLabelText(/^Nueva Contraseña \(Opcional\)/), 'nueva-clave');
    expect(screen.queryByLabelText(/^Contraseña Actual/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    // The server still asked (its clock is the one that counts): the field appears.
    expect(await screen.findByText(USER_MESSAGES.reauthenticationRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Contraseña Actual/), 'clave-actual');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Perfil actualizado correctamente')).toBeInTheDocument();
    const puts = fetchMock.mock.calls
      .map((_, index) => requestOf(fetchMock, index))
      .filter((request) => request.method === 'PUT');
    expect(
      puts.map((request) => (request.body as { currentPassword: unknown }).currentPassword),
    ).toEqual([null, 'clave-actual']);
  });

  it('requests a verification email and reloads the status', async () => {
    let statusCalls = 0;
    profileApi({
      'GET /api/auth/verification-status': () => {
        statusCalls += 1;
        return jsonResponse(200, { verified: false, email: 'ana@uni.edu' });
      },
      'POST /api/auth/request-verification': () =>
        jsonResponse(200, {
          message: 'Te enviamos un email de verificación. Revisa tu bandeja de entrada.',
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/profile', { user: { ...TEST_USER, verified: false } });
    await user.click(await screen.findByRole('button', { name: 'Solicitar verificación' }));
    expect(
      await screen.findByText(
        'Te enviamos un email de verificación. Revisa tu bandeja de entrada.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(statusCalls).toBe(2));
    const reload = screen.getByRole('button', { name: 'Recargar estado de verificación' });
    // Its hint on hover, also while disabled (the native title on its wrapper).
    expect(reload.parentElement).toHaveAttribute('title', 'Recargar estado');
    await waitFor(() => expect(reload).toBeEnabled());
    await user.click(reload);
    await waitFor(() => expect(statusCalls).toBe(3));
  });

  it("words the verification card's errors as spec section 8 does", async () => {
    let isDown = true;
    profileApi({
      'GET /api/auth/verification-status': () => {
        if (isDown) throw new TypeError('Failed to fetch');
        return jsonResponse(200, { verified: false, email: 'ana@uni.edu' });
      },
      'POST /api/auth/request-verification': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/profile', { user: { ...TEST_USER, verified: false } });
    const card = await screen.findByRole('region', { name: 'Verificación de email' });
    const statusAlert = await within(card).findByRole('alert');
    expect(statusAlert).toHaveTextContent('No se pudo conectar con el servidor');
    expect(statusAlert).not.toHaveTextContent('verifica tu conexión');
    isDown = false;
    await user.click(within(card).getByRole('button', { name: 'Reintentar' }));
    await user.click(await within(card).findByRole('button', { name: 'Solicitar verificación' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      /^No se pudo conectar con el servidor$/,
    );
  });
});

describe('public profile', () => {
  it("shows 'Perfil de {name}', the contact icon for another signed-in user and goes to chat", async () => {
    mockFetch({
      'GET /api/users/8': () =>
        jsonResponse(200, { ...PROFILE, id: 8, name: 'Pedro Gómez', phone: null }),
      'GET /api/users/8/stats': () =>
        jsonResponse(200, { productos: 0, vendidos: 0, promedio: 0, totalReviews: 0 }),
      'GET /api/reviews': () => jsonResponse(200, []),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/user/8', { user: TEST_USER });
    expect(
      await screen.findByRole('heading', { name: 'Perfil de Pedro Gómez' }),
    ).toBeInTheDocument();
    expect(screen.getByText('PG')).toBeInTheDocument();
    expect(screen.queryByText('Teléfono')).not.toBeInTheDocument();
    expect(await screen.findByText('Este usuario aún no tiene reseñas.')).toBeInTheDocument();
    const contact = screen.getByRole('button', { name: 'Enviar mensaje a Pedro Gómez' });
    // Its hint on hover (the native title: no tooltip code before the first render).
    expect(contact).toHaveAttribute('title', 'Enviar mensaje');
    await user.click(contact);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(router.state.location.search).toBe('?userId=8');
    expect(router.state.location.state).toEqual({
      selectedUserId: 8,
      selectedUserName: 'Pedro Gómez',
      initialMessage: '¡Hola Pedro! Vi tu perfil en UniMercado y me gustaría hablar contigo.',
    });
  });

  it('opens for an anonymous visitor: name, stats and reviews, no contact details, no contact icon', async () => {
    mockFetch({
      'GET /api/users/8': () =>
        jsonResponse(200, { ...PROFILE, id: 8, name: 'Pedro Gómez', email: null, phone: null }),
      'GET /api/users/8/stats': () =>
        jsonResponse(200, { productos: 3, vendidos: 1, promedio: 1, totalReviews: 1 }),
      'GET /api/reviews': () => jsonResponse(200, []),
    });
    const { router } = renderApp('/user/8');
    expect(
      await screen.findByRole('heading', { name: 'Perfil de Pedro Gómez' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/8');
    expect(
      screen.getByText(
        'Para ver su correo y su teléfono, inicia sesión con una cuenta verificada.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Correo electrónico')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Enviar mensaje/ })).not.toBeInTheDocument();
    const stats = await screen.findByRole('region', { name: 'Estadísticas' });
    expect(within(stats).getByText('3')).toBeInTheDocument();
    // A mean of 1 reads '1,00', not '1' (issue 18).
    expect(within(stats).getByText('1,00')).toBeInTheDocument();
  });

  it('tells an unverified member how to see contact details', async () => {
    mockFetch({
      'GET /api/users/8': () =>
        jsonResponse(200, { ...PROFILE, id: 8, name: 'Pedro Gómez', email: null, phone: null }),
      'GET /api/users/8/stats': () =>
        jsonResponse(200, { productos: 0, vendidos: 0, promedio: 0, totalReviews: 0 }),
      'GET /api/reviews': () => jsonResponse(200, []),
    });
    renderApp('/user/8', { user: { ...TEST_USER, verified: false } });
    expect(
      await screen.findByText(
        'Para ver su correo y su teléfono, verifica tu email desde tu perfil.',
      ),
    ).toBeInTheDocument();
  });

  it('hides the contact icon on your own public profile', async () => {
    profileApi();
    renderApp('/user/7', { user: TEST_USER });
    expect(
      await screen.findByRole('heading', { name: 'Perfil de Ana María López' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Enviar mensaje/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Este es tu perfil' })).toHaveStyle({
      height: '44px',
    });
  });

  it('rejects an invalid id and reports load failures', async () => {
    mockFetch({ 'GET /api/users/9': () => jsonResponse(500, {}) });
    renderApp('/user/abc', { user: TEST_USER });
    expect(await screen.findByText('ID de usuario no proporcionado')).toBeInTheDocument();
  });

  it("reports 'No se pudo cargar el perfil del usuario' with Reintentar", async () => {
    mockFetch({ 'GET /api/users/9': () => jsonResponse(500, {}) });
    renderApp('/user/9', { user: TEST_USER });
    expect(await screen.findByText('No se pudo cargar el perfil del usuario')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
