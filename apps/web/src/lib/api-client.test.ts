import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, seedSession, TEST_USER } from '@/testing/test-utils';
import {
  api,
  ApiError,
  getPage,
  NETWORK_ERROR_MESSAGE,
  setUnauthorizedHandler,
  toUserMessage,
} from './api-client';
import { getSessionStore, resetSessionStore } from './session-store';

describe('api client', () => {
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    resetSessionStore();
    setUnauthorizedHandler(onUnauthorized);
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    resetSessionStore();
    onUnauthorized.mockReset();
  });

  it('sends JSON with the bearer token and cookies to the same origin', async () => {
    seedSession(TEST_USER, 'secreto');
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(jsonResponse(200, { ok: true })),
    );
    vi.stubGlobal('fetch', fetchMock);

    await api.post('/users', { name: 'Ana' });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ name: 'Ana' }));
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer secreto');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('sends no Authorization header without a session and drops empty query values', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(jsonResponse(200, [])),
    );
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/products', { query: { search: 'libro', categoryId: undefined, minPrice: '' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/products?search=libro');
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("parses the contract's error body into an ApiError", async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        jsonResponse(409, {
          error: 'El correo ya está registrado',
          code: 'EMAIL_TAKEN',
          details: { field: 'email' },
        }),
      ),
    );
    const error = await api.post('/users', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'El correo ya está registrado',
      hasServerMessage: true,
    });
  });

  it('turns a network failure into the Spanish connection message', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await api.get('/categories').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
    expect(toUserMessage(error, 'otro')).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('clears the session and redirects on any 401', async () => {
    seedSession(TEST_USER);
    vi.stubGlobal('fetch', () =>
      Promise.resolve(jsonResponse(401, { error: 'Sesión expirada', code: 'UNAUTHORIZED' })),
    );
    await expect(api.get('/users/7')).rejects.toBeInstanceOf(ApiError);
    expect(getSessionStore().getSnapshot()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // The call carried a session: the login page says it expired (decision 038).
    expect(getSessionStore().isExpired()).toBe(true);
  });

  it('a 401 to a call made without a session expires nothing', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(jsonResponse(401, { error: 'Inicia sesión', code: 'UNAUTHORIZED' })),
    );
    await expect(api.get('/notifications')).rejects.toBeInstanceOf(ApiError);
    expect(getSessionStore().isExpired()).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a 401 the caller handles itself', async () => {
    seedSession(TEST_USER);
    vi.stubGlobal('fetch', () =>
      Promise.resolve(jsonResponse(401, { error: 'Sesión expirada', code: 'UNAUTHORIZED' })),
    );
    await expect(
      api.post('/auth/reset-password', {}, { skipUnauthorizedHandling: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(getSessionStore().getSnapshot()).not.toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reads the total of a list from X-Total-Count', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(jsonResponse(200, [{ id: 1 }, { id: 2 }], { 'X-Total-Count': '42' })),
    );
    await expect(getPage('/users', { query: { page: 0, size: 2 } })).resolves.toEqual({
      items: [{ id: 1 }, { id: 2 }],
      total: 42,
    });
  });

  it('uses the fallback text when a failure carries no server message', () => {
    expect(
      toUserMessage(
        new ApiError(500, 'HTTP_500', 'Error en el servidor'),
        'Error al obtener perfil',
      ),
    ).toBe('Error al obtener perfil');
    expect(toUserMessage('raro', 'Error desconocido')).toBe('Error desconocido');
  });
});
