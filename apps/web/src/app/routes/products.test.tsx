import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, requestOf, TEST_USER } from '@/testing/test-utils';
import { makeProduct } from '@/testing/products';

const page = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    makeProduct({ id: index + 1, title: `Producto número ${index + 1}` }),
  );

/** `GET /api/products/available` answering what `pick` chooses from the query, 13 in all. */
const mockAvailable = (pick: (params: URLSearchParams) => ReturnType<typeof page>) =>
  mockFetch({
    'GET /api/products/available': ({ url }) =>
      jsonResponse(200, pick(url.searchParams), { 'X-Total-Count': '13' }),
  });

describe('/products', () => {
  it('shows 12 available products per page with the spec summary and cards', async () => {
    const products = page(12);
    products[0] = makeProduct({
      id: 1,
      title: 'Calculadora científica Casio fx-991',
      description: 'Funciona perfecto, incluye tapa y manual de usuario.',
      status: 'Seminuevo',
      price: 850000,
    });
    products[1] = makeProduct({ id: 2, title: 'Sin fotos', images: [] });
    const fetchMock = mockFetch({
      'GET /api/products/available': () => jsonResponse(200, products, { 'X-Total-Count': '13' }),
    });
    renderApp('/products');
    expect(await screen.findByText('Calculadora científica...')).toBeInTheDocument();
    expect(requestOf(fetchMock).url).toBe('/api/products/available?page=0&size=12');
    expect(screen.getByText('Funciona perfecto, incluye tap...')).toBeInTheDocument();
    expect(screen.getByText('$ 850.000')).toBeInTheDocument();
    expect(screen.getByText('Seminuevo')).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 2 • Mostrando 12 de 13 productos')).toBeInTheDocument();
    // Grid photos: the thumbnail, lazy, with its size (no layout shift); a placeholder otherwise.
    const photo = screen.getByRole('img', { name: 'Calculadora científica Casio fx-991' });
    expect(photo).toHaveAttribute('src', expect.stringMatching(/-t\.webp$/));
    expect(photo).toHaveAttribute('width', '480');
    expect(photo).toHaveAttribute('height', '360');
    expect(screen.getAllByRole('img', { name: /Producto número 5/ })[0]).toHaveAttribute(
      'loading',
      'lazy',
    );
    expect(screen.getByRole('img', { name: 'Sin fotos (sin foto)' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Calculadora científica/ });
    expect(link).toHaveAttribute('href', '/products/1');
  });

  it('goes to the next page through the URL', async () => {
    const fetchMock = mockAvailable((params) =>
      params.get('page') === '1' ? [makeProduct({ title: 'Segunda página' })] : page(12),
    );
    const { router } = renderApp('/products');
    await userEvent.click(await screen.findByRole('button', { name: 'Ir a la página 2' }));
    expect(await screen.findByText('Segunda página')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(fetchMock.mock.calls.length).toBe(2);
    expect(screen.getByText('Página 2 de 2 • Mostrando 1 de 13 productos')).toBeInTheDocument();
  });

  it('sorts with the options of /search, kept in the URL with the page (decision 097)', async () => {
    const fetchMock = mockAvailable((params) =>
      params.get('sort') === 'price_asc' ? [makeProduct({ title: 'La más barata' })] : page(12),
    );
    const { router } = renderApp('/products?page=2');
    const sort = await screen.findByLabelText('Ordenar por');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Más recientes', 'Menor precio', 'Mayor precio']);
    await userEvent.selectOptions(sort, 'Menor precio');
    expect(await screen.findByText('La más barata')).toBeInTheDocument();
    // A new order starts again on the first page.
    expect(router.state.location.search).toBe('?sort=price_asc');
    expect(requestOf(fetchMock, fetchMock.mock.calls.length - 1).url).toBe(
      '/api/products/available?page=0&size=12&sort=price_asc',
    );
  });

  it("shows the seller's rating and review count on each card (decision 099)", async () => {
    mockFetch({
      'GET /api/products/available': () =>
        jsonResponse(
          200,
          [
            makeProduct({ id: 1, sellerRating: { average: 4.33, count: 3 } }),
            makeProduct({ id: 2, title: 'Nuevo vendedor' }),
          ],
          { 'X-Total-Count': '2' },
        ),
    });
    renderApp('/products');
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).getByText('4,33 (3 reseñas)')).toBeInTheDocument();
    expect(within(cards[0]!).getByTitle('Calificación del vendedor')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Sin reseñas')).toBeInTheDocument();
  });

  it('shows the VENDIDO banner on a sold product', async () => {
    mockFetch({
      'GET /api/products/available': () =>
        jsonResponse(200, [makeProduct({ title: 'Bicicleta', isSold: true })], {
          'X-Total-Count': '1',
        }),
    });
    renderApp('/products');
    const card = (await screen.findByText('Bicicleta')).closest('article')!;
    expect(within(card).getByText('VENDIDO')).toBeInTheDocument();
  });

  it("says 'No hay productos disponibles' when there are none", async () => {
    mockFetch({
      'GET /api/products/available': () => jsonResponse(200, [], { 'X-Total-Count': '0' }),
    });
    renderApp('/products');
    expect(await screen.findByText('No hay productos disponibles')).toBeInTheDocument();
  });

  it('shows 12 skeletons while loading and an error with Reintentar', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockFetch({
      'GET /api/products/available': async () => {
        await held;
        return fail
          ? jsonResponse(500, { error: 'boom', code: 'INTERNAL_ERROR' })
          : jsonResponse(200, [makeProduct({ title: 'Volvió' })], { 'X-Total-Count': '1' });
      },
    });
    const { container } = renderApp('/products');
    await waitFor(() =>
      expect(container.querySelectorAll('[aria-busy="true"] > .MuiCard-root')).toHaveLength(12),
    );
    release();
    expect(
      await screen.findByText('Error al cargar los productos. Por favor, intenta nuevamente.'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Volvió')).toBeInTheDocument();
  });

  it('card buttons send a visitor to /login and open the offer dialog for a member; none for the owner', async () => {
    mockFetch({
      'GET /api/products/available': () =>
        jsonResponse(
          200,
          [
            makeProduct({ title: 'De otro', sellerId: 50 }),
            makeProduct({ title: 'Mío', sellerId: TEST_USER.id }),
          ],
          { 'X-Total-Count': '2' },
        ),
    });
    const visitor = renderApp('/products');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Agregar De otro a favoritos' }),
    );
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/login'));
    visitor.unmount();

    renderApp('/products', { user: TEST_USER });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Hacer una oferta por De otro' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Hacer una oferta' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Agregar Mío a favoritos' }),
    ).not.toBeInTheDocument();
  });
});
