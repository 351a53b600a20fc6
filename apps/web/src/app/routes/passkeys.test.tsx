import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderApp, requestOf, TEST_USER } from '@/testing/test-utils';

const browser = vi.hoisted(() => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => browser);

const PROFILE = { ...TEST_USER, phone: null, createdAt: '2026-01-10T10:00:00Z' };
const PASSKEY = {
  id: 31,
  name: 'Chrome en Android',
  createdAt: '2026-11-20T15:00:00Z',
  lastUsedAt: null,
  backedUp: true,
};

const profileApi = (handlers: Parameters<typeof mockFetch>[0]) =>
  mockFetch({
    'GET /api/users/7': () => jsonResponse(200, PROFILE),
    'GET /api/users/7/stats': () =>
      jsonResponse(200, { productos: 0, vendidos: 0, promedio: 0, totalReviews: 0 }),
    'GET /api/reviews': () => jsonResponse(200, []),
    'GET /api/auth/verification-status': () =>
      jsonResponse(200, { verified: true, email: PROFILE.email }),
    ...handlers,
  });

const findPasskeysSection = () =>
  screen.findByRole('region', { name: 'Llaves de acceso' }, { timeout: 10000 });

beforeEach(() => {
  browser.startRegistration.mockReset();
  browser.startAuthentication.mockReset();
});

describe("profile: 'Llaves de acceso'", () => {
  it('lists the passkeys and removes one only after confirming', async () => {
    let stored = [
      PASSKEY,
      { ...PASSKEY, id: 32, name: 'Llave USB', lastUsedAt: '2026-11-24T12:00:00Z' },
    ];
    const fetchMock = profileApi({
      'GET /api/passkeys': () => jsonResponse(200, stored),
      'DELETE /api/passkeys/32': () => {
        stored = [PASSKEY];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/profile', { user: TEST_USER });
    const section = await findPasskeysSection();
    expect(await within(section).findByText('Llave USB')).toBeInTheDocument();
    expect(within(section).getByText('Aún no se ha usado')).toBeInTheDocument();
    expect(within(section).getByText(/Último uso: 24/)).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Eliminar Llave USB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar llave de acceso' });
    expect(dialog).toHaveTextContent('¿Seguro que deseas eliminar «Llave USB»?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(within(section).getByRole('button', { name: 'Eliminar Llave USB' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }),
    );
    await waitFor(() => expect(within(section).queryByText('Llave USB')).not.toBeInTheDocument());
  });

  it('a refused removal keeps the dialog open with the reason and the passkey listed', async () => {
    profileApi({
      'GET /api/passkeys': () => jsonResponse(200, [PASSKEY]),
      'DELETE /api/passkeys/31': () =>
        jsonResponse(404, {
          error: 'La llave de acceso no existe.',
          message: 'La llave de acceso no existe.',
          code: 'NOT_FOUND',
        }),
    });
    renderApp('/profile', { user: TEST_USER });
    const section = await findPasskeysSection();
    await userEvent.click(
      await within(section).findByRole('button', { name: `Eliminar ${PASSKEY.name}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar llave de acceso' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'La llave de acceso no existe.',
    );
    expect(within(section).getByText(PASSKEY.name)).toBeInTheDocument();
  });

  it('adds a passkey: asks for the password when the sign-in is old, then the browser makes it', async () => {
    let stored: (typeof PASSKEY)[] = [];
    const bodies: unknown[] = [];
    profileApi({
      'GET /api/passkeys': () => jsonResponse(200, stored),
      'POST /api/passkeys/options': ({ body }) => {
        bodies.push(body);
        return jsonResponse(200, { challenge: 'abc', rp: { name: 'UniMercado' } });
      },
      'POST /api/passkeys': ({ body }) => {
        bodies.push(body);
        stored = [{ ...PASSKEY, name: 'Mi teléfono' }];
        return jsonResponse(201, stored[0]);
      },
    });
    browser.startRegistration.mockResolvedValue({ id: 'cred', type: 'public-key' });
    renderApp('/profile', { user: TEST_USER });
    const section = await findPasskeysSection();
    expect(await within(section).findByText(/Aún no tienes llaves de acceso/)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Añadir llave de acceso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir llave de acceso' });
    await userEvent.type(within(dialog).getByLabelText('Nombre (opcional)'), 'Mi teléfono');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByText('Escribe tu contraseña actual')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Contraseña Actual'), 'secreto123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));

    expect(await within(section).findByText('Mi teléfono')).toBeInTheDocument();
    expect(screen.getByText(/Llave de acceso añadida/)).toBeInTheDocument();
    expect(browser.startRegistration).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'abc', rp: { name: 'UniMercado' } },
    });
    expect(bodies).toEqual([
      { currentPassword: 'secreto123' },
      { response: { id: 'cred', type: 'public-key' }, name: 'Mi teléfono' },
    ]);
  });

  it("says so in Spanish when the person cancels the browser's prompt", async () => {
    profileApi({
      'GET /api/passkeys': () => jsonResponse(200, []),
      'POST /api/passkeys/options': () => jsonResponse(200, { challenge: 'abc' }),
    });
    browser.startRegistration.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    renderApp('/profile', { user: TEST_USER });
    const section = await findPasskeysSection();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Añadir llave de acceso' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Contraseña Actual'), 'secreto123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Se canceló o caducó la solicitud de la llave de acceso.',
    );
  });
});

describe("login: 'Entrar con llave de acceso'", () => {
  it('signs in with the answer of the browser', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/passkeys/options': () => jsonResponse(200, { challenge: 'xyz' }),
      'POST /api/auth/passkeys/login': () =>
        jsonResponse(200, {
          id: 7,
          name: TEST_USER.name,
          email: TEST_USER.email,
          roles: ['ROLE_USER'],
          token: 'h.e30.s',
          verified: true,
          creationDate: '2026-11-26T10:00:00Z',
          expirationDate: '2026-12-03T10:00:00Z',
        }),
    });
    browser.startAuthentication.mockResolvedValue({ id: 'cred', type: 'public-key' });
    const { router } = renderApp('/login');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Entrar con llave de acceso' }, { timeout: 10000 }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'xyz' } });
    const calls = fetchMock.mock.calls.map((_call, index) => requestOf(fetchMock, index));
    expect(calls.find((call) => call.url.endsWith('/api/auth/passkeys/login'))?.body).toEqual({
      response: { id: 'cred', type: 'public-key' },
    });
  });

  it("shows the server's message for a passkey it does not know", async () => {
    mockFetch({
      'POST /api/auth/passkeys/options': () => jsonResponse(200, { challenge: 'xyz' }),
      'POST /api/auth/passkeys/login': () =>
        jsonResponse(400, {
          error: 'No reconocemos esta llave de acceso. Entra con tu contraseña.',
          message: 'No reconocemos esta llave de acceso. Entra con tu contraseña.',
          code: 'PASSKEY_NOT_RECOGNIZED',
        }),
    });
    browser.startAuthentication.mockResolvedValue({ id: 'cred', type: 'public-key' });
    renderApp('/login');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Entrar con llave de acceso' }, { timeout: 10000 }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No reconocemos esta llave de acceso. Entra con tu contraseña.',
    );
  });
});
