import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, makeProduct } from '@/testing/products';
import { jsonResponse, mockFetch, renderApp, requestOf } from '@/testing/test-utils';

const searchApi = () =>
  mockFetch({
    'GET /api/categories': () => jsonResponse(200, CATEGORIES),
    'GET /api/products': ({ url }) =>
      jsonResponse(
        200,
        url.searchParams.get('search') === 'nada'
          ? []
          : [makeProduct({ title: `Resultado ${url.searchParams.get('search') ?? ''}`.trim() })],
        { 'X-Total-Count': url.searchParams.get('search') === 'nada' ? '0' : '1' },
      ),
  });

/** The product list requests made so far, as their query strings. */
const productQueries = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map((_, index) => requestOf(fetchMock, index).url)
    .filter((url) => url.startsWith('/api/products?'))
    .map((url) => new URLSearchParams(url.split('?')[1]));

/** The API's answer to price filters it refuses (GET /api/products' query schema). */
const priceFilterApi = () =>
  mockFetch({
    'GET /api/categories': () => jsonResponse(200, CATEGORIES),
    'GET /api/products': ({ url }) => {
      const min = Number(url.searchParams.get('minPrice') ?? 0);
      const max = Number(url.searchParams.get('maxPrice') ?? Infinity);
      if (min < 0 || min > max) {
        const message =
          min < 0
            ? 'El precio no puede ser negativo.'
            : 'El precio mínimo no puede ser mayor que el máximo.';
        return jsonResponse(400, {
          error: message,
          message,
          code: 'VALIDATION_ERROR',
          details: { in: 'querystring', issues: [{ path: '/minPrice', message }] },
        });
      }
      return jsonResponse(200, [makeProduct({ title: 'Resultado' })], { 'X-Total-Count': '1' });
    },
  });

describe('/search', () => {
  it("is titled 'Buscar Productos Disponibles' and searches available products only", async () => {
    const fetchMock = searchApi();
    renderApp('/search');
    expect(
      await screen.findByRole('heading', { name: 'Buscar Productos Disponibles' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Resultado')).toBeInTheDocument();
    const [query] = productQueries(fetchMock);
    expect(Object.fromEntries(query!)).toEqual({ page: '0', size: '12', isSold: 'false' });
  });

  it('reads the filters from the URL, shows them as chips and asks the API with them', async () => {
    const fetchMock = searchApi();
    renderApp(
      '/search?search=camara&categoryId=2&minPrice=1000&maxPrice=50000&status=USADO&location=Biblioteca',
    );
    expect(await screen.findByText('Resultado camara')).toBeInTheDocument();
    const chips = screen.getByRole('group', { name: 'Filtros activos' });
    // The chips show once MUI's Chip code has loaded (a part after the first render).
    for (const label of ['Electrónica', 'Min: $ 1.000', 'Max: $ 50.000', 'Usado', 'Biblioteca']) {
      expect(await within(chips).findByText(label)).toBeInTheDocument();
    }
    // The count badge on 'Filtros'.
    expect(screen.getByText('5')).toBeInTheDocument();
    expect(Object.fromEntries(productQueries(fetchMock).at(-1)!)).toEqual({
      page: '0',
      size: '12',
      isSold: 'false',
      search: 'camara',
      categoryId: '2',
      minPrice: '1000',
      maxPrice: '50000',
      status: 'USADO',
      location: 'Biblioteca',
    });
  });

  it('typing searches after a pause and writes it in the URL', async () => {
    searchApi();
    const { router } = renderApp('/search');
    await screen.findByText('Resultado');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'bicicleta');
    expect(
      await screen.findByText('Resultado bicicleta', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=bicicleta');
  });

  it('keeps typing after a pause searched: no letter is lost', async () => {
    searchApi();
    const { router } = renderApp('/search');
    await screen.findByText('Resultado');
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    await userEvent.type(box, 'bici');
    await waitFor(() => expect(router.state.location.search).toBe('?search=bici'));
    await userEvent.type(box, 'cleta');
    expect(box).toHaveValue('bicicleta');
    await waitFor(() => expect(router.state.location.search).toBe('?search=bicicleta'));
    expect(box).toHaveValue('bicicleta');
  });

  it('a typing pause builds on the sort just chosen, while the screen still shows the search before', async () => {
    searchApi();
    // The sort was chosen: the address bar has it; the router has not shown it yet (it waits).
    const { router } = renderApp('/search?search=libro', {
      historyPath: () => ({
        pathname: '/search',
        search: '?search=libro&sort=price_asc',
        hash: '',
      }),
    });
    await screen.findByText('Resultado libro');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 's');
    await waitFor(() => expect(router.state.location.search).toBe('?search=libros&sort=price_asc'));
  });

  it('the router showing late what the box sent keeps what was typed since', async () => {
    searchApi();
    const { router } = renderApp('/search');
    await screen.findByText('Resultado');
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    await userEvent.type(box, 'libro');
    await waitFor(() => expect(router.state.location.search).toBe('?search=libro'));
    await userEvent.type(box, 's');
    // The page the box asked for shows only now (the router waited for its results).
    act(() => void router.navigate('/search?search=libro', { replace: true }));
    expect(box).toHaveValue('libros');
    await waitFor(() => expect(router.state.location.search).toBe('?search=libros'));
    expect(box).toHaveValue('libros');
  });

  it('the collapsible filters change the URL; removing a chip and Limpiar clear them', async () => {
    const fetchMock = searchApi();
    const { router } = renderApp('/search?search=libro&status=NUEVO');
    await screen.findByText('Resultado libro');
    // Open because a filter is active.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Categoría' }), 'Muebles');
    await waitFor(() => expect(router.state.location.search).toContain('categoryId=3'));
    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtro Nuevo' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=libro&categoryId=3'));
    await userEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('');
    await waitFor(() =>
      expect(Object.fromEntries(productQueries(fetchMock).at(-1)!)).toEqual({
        page: '0',
        size: '12',
        isSold: 'false',
      }),
    );
  });

  it('shows six skeletons while searching and an empty state when nothing matches', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockFetch({
      'GET /api/categories': () => jsonResponse(200, CATEGORIES),
      'GET /api/products': async () => {
        await held;
        return jsonResponse(200, [], { 'X-Total-Count': '0' });
      },
    });
    const { container } = renderApp('/search?search=nada');
    await waitFor(() =>
      expect(container.querySelectorAll('[aria-busy="true"] > .MuiCard-root')).toHaveLength(6),
    );
    release();
    expect(
      await screen.findByText('No encontramos productos con esos filtros'),
    ).toBeInTheDocument();
  });

  it('the back button returns to the previous search', async () => {
    searchApi();
    const { router } = renderApp('/search?search=uno');
    await screen.findByText('Resultado uno');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Ordenar por' }),
      'Menor precio',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?search=uno&sort=price_asc'));
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?search=uno'));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('relevance'),
    );
  });

  it('a minimum above the maximum: the API message beside the prices, no stale results', async () => {
    priceFilterApi();
    renderApp('/search');
    expect(await screen.findByText('Resultado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    await userEvent.type(await screen.findByLabelText('Precio mínimo'), '500');
    await userEvent.type(screen.getByLabelText('Precio máximo'), '100');
    await waitFor(
      () =>
        expect(screen.getByLabelText('Precio mínimo')).toHaveAccessibleDescription(
          'El precio mínimo no puede ser mayor que el máximo.',
        ),
      { timeout: 3000 },
    );
    expect(screen.getByLabelText('Precio mínimo')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Resultado')).not.toBeInTheDocument();
    expect(screen.queryByText(/Error al cargar/)).not.toBeInTheDocument();
    // Fixed, the results come back.
    await userEvent.clear(screen.getByLabelText('Precio máximo'));
    await userEvent.type(screen.getByLabelText('Precio máximo'), '900');
    expect(await screen.findByText('Resultado', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Precio mínimo')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('a negative minimum is said, not ignored', async () => {
    const fetchMock = priceFilterApi();
    renderApp('/search?minPrice=-5');
    expect(
      await screen.findByText('El precio no puede ser negativo.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Precio mínimo')).toHaveValue('-5');
    expect(productQueries(fetchMock).at(-1)?.get('minPrice')).toBe('-5');
    expect(screen.queryByText('Resultado')).not.toBeInTheDocument();
  });
  it("a course chip's link shows everything for that course, as a filter chip to clear", async () => {
    const fetchMock = searchApi();
    const { router } = renderApp('/search?course=mat101');
    expect(await screen.findByText('Resultado', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(Object.fromEntries(productQueries(fetchMock)[0]!)).toMatchObject({ course: 'MAT101' });
    expect(screen.getByLabelText('Código de curso')).toHaveValue('MAT101');
    const chip = await screen.findByRole('button', { name: /Curso: MAT101/ });
    await userEvent.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(Object.fromEntries(productQueries(fetchMock).at(-1)!)).not.toHaveProperty('course'),
    );
  });
});
