import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/products';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '@/testing/test-utils';

const BIKE = makeProduct({ id: 31, title: 'Bicicleta urbana', price: 450000 });
const BOOK = makeProduct({ id: 32, title: 'Libro de cálculo', price: 85001, isSold: true });

const favorite = (product: ReturnType<typeof makeProduct>) => ({
  userId: TEST_USER.id,
  productId: product.id,
  product,
});

describe('/my-favorites', () => {
  it('shows the count, the rounded average price and the saved products', async () => {
    mockFetch({
      'GET /api/favorites': ({ url }) => {
        expect(url.searchParams.get('userId')).toBe(String(TEST_USER.id));
        return jsonResponse(200, [favorite(BIKE), favorite(BOOK)], { 'X-Total-Count': '2' });
      },
      'GET /api/favorites/ids': () => jsonResponse(200, { productIds: [BIKE.id, BOOK.id] }),
    });
    renderApp('/my-favorites', { user: TEST_USER });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mis Favoritos' }),
    ).toBeInTheDocument();
    const stats = await screen.findByRole('region', { name: 'Estadísticas de favoritos' });
    await within(stats).findByText('Productos favoritos');
    expect(within(stats).getByText('2')).toBeInTheDocument();
    expect(within(stats).getByText('Precio promedio')).toBeInTheDocument();
    // (450000 + 85001) / 2 = 267500.5 → 267501
    expect(within(stats).getByText('$ 267.501')).toBeInTheDocument();
    // The cards' code loads after the first render, alongside the request.
    expect(await screen.findByText('Bicicleta urbana')).toBeInTheDocument();
    expect(screen.getByText('VENDIDO')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Quitar Bicicleta urbana de favoritos' }),
    ).toHaveAttribute('aria-pressed', 'true');
    // A sold product takes no offer.
    expect(
      screen.getByRole('button', { name: 'Hacer una oferta por Bicicleta urbana' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Hacer una oferta por Libro de cálculo' }),
    ).not.toBeInTheDocument();
  });

  it('removing a favourite takes it off the list', async () => {
    let saved = [favorite(BIKE), favorite(BOOK)];
    mockFetch({
      'GET /api/favorites': () =>
        jsonResponse(200, saved, { 'X-Total-Count': String(saved.length) }),
      'GET /api/favorites/ids': () =>
        jsonResponse(200, { productIds: saved.map((item) => item.productId) }),
      'POST /api/favorites': ({ body }) => {
        saved = saved.filter(
          (item) => item.productId !== (body as { productId: number }).productId,
        );
        return jsonResponse(200, { userId: TEST_USER.id, productId: 31, isFavorite: false });
      },
    });
    renderApp('/my-favorites', { user: TEST_USER });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Quitar Bicicleta urbana de favoritos' }),
    );
    expect(await screen.findByText('Quitado de favoritos')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Bicicleta urbana')).not.toBeInTheDocument());
    const stats = screen.getByRole('region', { name: 'Estadísticas de favoritos' });
    expect(within(stats).getByText('$ 85.001')).toBeInTheDocument();
    expect(within(stats).getByText('1')).toBeInTheDocument();
  });

  it('shows eight card skeletons, then the empty state with its two buttons', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    mockFetch({
      'GET /api/favorites': async () => {
        calls += 1;
        await gate;
        return jsonResponse(200, [], { 'X-Total-Count': '0' });
      },
    });
    const { container, router } = renderApp('/my-favorites', { user: TEST_USER });
    await waitFor(() =>
      expect(container.querySelectorAll('[aria-busy="true"] > .MuiCard-root')).toHaveLength(8),
    );
    release();
    expect(await screen.findByText('No tienes productos favoritos aún')).toBeInTheDocument();
    expect(screen.getByText('$ 0')).toBeInTheDocument();
    const before = calls;
    await userEvent.click(screen.getAllByRole('button', { name: 'Actualizar' })[0]!);
    await waitFor(() => expect(calls).toBe(before + 1));
    await userEvent.click(screen.getByRole('link', { name: 'Explorar productos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
  });

  it("says the spec's error with Reintentar, and the floating button refreshes", async () => {
    let fail = true;
    mockFetch({
      'GET /api/favorites': () =>
        fail
          ? jsonResponse(500, {})
          : jsonResponse(200, [favorite(BIKE)], { 'X-Total-Count': '1' }),
    });
    renderApp('/my-favorites', { user: TEST_USER });
    expect(
      await screen.findByText(
        'Error al cargar tus productos favoritos. Por favor, intenta nuevamente.',
      ),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Bicicleta urbana')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeInTheDocument();
  });

  it('on a phone the refresh sits in the header, not floating over the cards beside the bottom bar', async () => {
    mockFetch({
      'GET /api/favorites': () => jsonResponse(200, [favorite(BIKE)], { 'X-Total-Count': '1' }),
    });
    const { container } = renderApp('/my-favorites', { user: TEST_USER, width: 390 });
    expect(await screen.findByText('Bicicleta urbana')).toBeInTheDocument();
    const refresh = screen.getByRole('button', { name: 'Actualizar' });
    expect(refresh).not.toHaveClass('MuiFab-root');
    expect(container.ownerDocument.querySelector('.MuiFab-root')).toBeNull();
    // The bottom bar names the seller's page as the menus do.
    const bar = screen.getByRole('navigation', { name: 'Accesos rápidos' });
    expect(within(bar).getByText('Mis productos')).toBeInTheDocument();
    expect(within(bar).getByText('Mis compras')).toBeInTheDocument();
  });
});
