import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedSearch } from '@unimercado/shared/schemas/saved-searches';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, makeProduct } from '@/testing/products';
import { makeSavedSearch } from '@/testing/saved-searches';
import { jsonResponse, mockFetch, renderApp, requestTo, TEST_USER } from '@/testing/test-utils';

const saved = (overrides: Partial<SavedSearch>) =>
  makeSavedSearch({ userId: TEST_USER.id, ...overrides });

const savedApi = (list: SavedSearch[]) =>
  mockFetch({
    'GET /api/categories': () => jsonResponse(200, CATEGORIES),
    'GET /api/notifications/count': () => jsonResponse(200, { unread: 0, read: 0 }),
    'GET /api/saved-searches': () =>
      jsonResponse(200, list, { 'X-Total-Count': String(list.length) }),
    'GET /api/products': () => jsonResponse(200, [makeProduct()], { 'X-Total-Count': '1' }),
    'POST /api/saved-searches/7/seen': () => jsonResponse(200, { ...list[0], newCount: 0 }),
    'PATCH /api/saved-searches/7': ({ body }) => {
      Object.assign(list[0]!, body);
      return jsonResponse(200, list[0]);
    },
    'DELETE /api/saved-searches/7': () => {
      list.splice(0, 1);
      return new Response(null, { status: 204 });
    },
  });

describe('Mis búsquedas', () => {
  it('lists the saved searches with their new listings and what each looks for', async () => {
    savedApi([
      saved({
        id: 7,
        name: 'Calculadora barata',
        categoryId: 2,
        maxPrice: 90000,
        status: 'Usado',
        newCount: 3,
      }),
      saved({ id: 8, name: 'Bicicleta', search: 'bicicleta', isPaused: true }),
    ]);
    renderApp('/my-searches', { user: TEST_USER });
    const card = await screen.findByRole(
      'article',
      { name: /Calculadora barata/ },
      { timeout: 8_000 },
    );
    expect(within(card).getByText('3 nuevos')).toBeInTheDocument();
    expect(
      within(card).getByText('«calculadora» · Electrónica · Máx: $ 90.000 · Usado'),
    ).toBeInTheDocument();
    const paused = screen.getByRole('article', { name: /Bicicleta/ });
    expect(within(paused).getByText('Pausada')).toBeInTheDocument();
    expect(within(paused).getByRole('button', { name: 'Reanudar avisos' })).toBeInTheDocument();
  });

  it('opening one runs the search and marks its new listings seen', async () => {
    const fetchMock = savedApi([saved({ id: 7, maxPrice: 90000, status: 'Usado', newCount: 1 })]);
    const { router } = renderApp('/my-searches', { user: TEST_USER });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ver resultados' }, { timeout: 8_000 }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?search=calculadora&maxPrice=90000&status=USADO');
    expect(requestTo(fetchMock, '/api/saved-searches/7/seen').method).toBe('POST');
  });

  it('renames, pauses and deletes', async () => {
    const fetchMock = savedApi([saved({ id: 7 })]);
    renderApp('/my-searches', { user: TEST_USER });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Renombrar' }, { timeout: 8_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Renombrar búsqueda' });
    const field = within(dialog).getByLabelText('Nombre');
    await userEvent.clear(field);
    await userEvent.type(field, 'Para cálculo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('article', { name: 'Para cálculo' })).toBeInTheDocument();
    expect(requestTo(fetchMock, '/api/saved-searches/7').body).toEqual({ name: 'Para cálculo' });

    await userEvent.click(screen.getByRole('button', { name: 'Pausar avisos' }));
    expect(await screen.findByRole('button', { name: 'Reanudar avisos' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar búsqueda' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Todavía no guardas ninguna búsqueda')).toBeInTheDocument();
  });
});

describe('Guardar búsqueda on /search', () => {
  it('saves the search on screen in one click', async () => {
    const fetchMock = mockFetch({
      'GET /api/categories': () => jsonResponse(200, CATEGORIES),
      'GET /api/notifications/count': () => jsonResponse(200, { unread: 0, read: 0 }),
      'GET /api/products': () => jsonResponse(200, [makeProduct()], { 'X-Total-Count': '1' }),
      'POST /api/saved-searches': ({ body }) =>
        jsonResponse(201, saved(body as Partial<SavedSearch>)),
    });
    renderApp('/search?search=calculadora&categoryId=2&sort=price_asc', { user: TEST_USER });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Guardar búsqueda' }, { timeout: 8_000 }),
    );
    expect(
      await screen.findByText('Búsqueda guardada. La encuentras en Mis búsquedas.'),
    ).toBeInTheDocument();
    expect(requestTo(fetchMock, '/api/saved-searches').body).toEqual({
      search: 'calculadora',
      categoryId: 2,
      sort: 'price_asc',
    });
  });

  it('shows the server’s Spanish refusal (the limit)', async () => {
    const message =
      'Puedes guardar hasta 20 búsquedas. Borra alguna que ya no uses para guardar esta.';
    mockFetch({
      'GET /api/categories': () => jsonResponse(200, CATEGORIES),
      'GET /api/notifications/count': () => jsonResponse(200, { unread: 0, read: 0 }),
      'GET /api/products': () => jsonResponse(200, [], { 'X-Total-Count': '0' }),
      'POST /api/saved-searches': () =>
        jsonResponse(409, { error: message, message, code: 'SAVED_SEARCH_LIMIT' }),
    });
    renderApp('/search?search=termo', { user: TEST_USER });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Guardar búsqueda' }, { timeout: 8_000 }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('asks a visitor to sign in first, and saves nothing', async () => {
    const fetchMock = mockFetch({
      'GET /api/categories': () => jsonResponse(200, CATEGORIES),
      'GET /api/products': () => jsonResponse(200, [], { 'X-Total-Count': '0' }),
    });
    const { router } = renderApp('/search?search=termo');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Guardar búsqueda' }, { timeout: 8_000 }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(() => requestTo(fetchMock, '/api/saved-searches')).toThrow();
  });
});
