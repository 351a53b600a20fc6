import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/testing/products';
import { jsonResponse, mockFetch, renderApp, requestOf, TEST_USER } from '@/testing/test-utils';

const PRODUCT = makeProduct({
  id: 42,
  title: 'Bicicleta de montaña rin 29',
  description: 'Frenos de disco.\nLista para rodar.',
  price: 980000,
  status: 'Usado',
  location: 'Parqueadero de bicicletas',
  categoryName: 'Bicicletas y movilidad',
  sellerId: 50,
  sellerName: 'Mateo Castro',
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-21T18:30:00.000Z',
  images: [1, 2].map((n) => ({
    url: `http://localhost/uploads/products/x/${n}.webp`,
    thumbnailUrl: `http://localhost/uploads/products/x/${n}-t.webp`,
    width: 1600,
    height: 1200,
    thumbnailWidth: 480,
    thumbnailHeight: 360,
  })),
});

const api = (product = PRODUCT) =>
  mockFetch({
    'GET /api/products/42': () => jsonResponse(200, product),
    'POST /api/products/42/views': () => new Response(null, { status: 204 }),
  });

describe('/products/{id}', () => {
  it('shows every field of the spec, the seller link, and counts the visit', async () => {
    const fetchMock = api();
    renderApp('/products/42');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bicicleta de montaña rin 29' }),
    ).toBeInTheDocument();
    expect(screen.getByText('$ 980.000')).toBeInTheDocument();
    expect(screen.getByText('Usado')).toBeInTheDocument();
    expect(screen.getByText(/Frenos de disco/)).toBeInTheDocument();
    expect(screen.getByText('Parqueadero de bicicletas')).toBeInTheDocument();
    expect(screen.getAllByText('Bicicletas y movilidad').length).toBeGreaterThan(0);
    expect(screen.getByText('20 de noviembre de 2026')).toBeInTheDocument();
    expect(screen.getByText('Última actualización')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mateo Castro' })).toHaveAttribute('href', '/user/50');
    expect(document.title).toContain('Bicicleta de montaña rin 29');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map((_, index) => requestOf(fetchMock, index))).toContainEqual(
        expect.objectContaining({ url: '/api/products/42/views', method: 'POST' }),
      ),
    );
  });

  it('hides the last update when it equals the publication', async () => {
    api({ ...PRODUCT, updatedAt: PRODUCT.createdAt });
    renderApp('/products/42');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Última actualización')).not.toBeInTheDocument();
  });

  it('opens the zoom dialog and moves between photos', async () => {
    api();
    renderApp('/products/42');
    await userEvent.click(await screen.findByRole('button', { name: 'Ampliar foto 1 de 2' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('1 / 2');
    await userEvent.click(screen.getByRole('button', { name: 'Foto siguiente' }));
    expect(dialog).toHaveTextContent('2 / 2');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends a signed-out visitor who wants to offer to /login', async () => {
    api();
    const { router } = renderApp('/products/42');
    await userEvent.click(await screen.findByRole('button', { name: 'Hacer una oferta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends a signed-out visitor who wants to save it to /login', async () => {
    api();
    const { router } = renderApp('/products/42');
    await userEvent.click(await screen.findByRole('button', { name: 'Favorito' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('contact opens the chat with the seller selected and a greeting about the product', async () => {
    api();
    const { router } = renderApp('/products/42', { user: TEST_USER });
    await userEvent.click(await screen.findByRole('button', { name: 'Contactar al vendedor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(router.state.location.search).toBe('?userId=50&productId=42');
    expect(router.state.location.state).toMatchObject({
      selectedUserId: 50,
      selectedUserName: 'Mateo Castro',
      initialMessage: expect.stringContaining('Bicicleta de montaña rin 29') as string,
    });
  });

  it('a sold product shows the banner and takes no offer or chat', async () => {
    api({ ...PRODUCT, isSold: true });
    renderApp('/products/42', { user: TEST_USER });
    expect((await screen.findAllByText('VENDIDO')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Hacer una oferta' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Contactar al vendedor' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Favorito' })).toBeInTheDocument();
  });

  it('a reserved product says Reservado, not VENDIDO, and takes no offer (decision 075)', async () => {
    api({ ...PRODUCT, isSold: true, isReserved: true });
    renderApp('/products/42', { user: TEST_USER });
    expect(await screen.findByText('Reservado')).toBeInTheDocument();
    expect(screen.getByText('RESERVADO')).toBeInTheDocument();
    expect(
      screen.getByText('Este producto está reservado para un comprador: no recibe ofertas nuevas.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('VENDIDO')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hacer una oferta' })).not.toBeInTheDocument();
  });

  it('the seller sees their views and a way to manage it, not the buyer actions', async () => {
    api({ ...PRODUCT, sellerId: TEST_USER.id, viewCount: 7 });
    renderApp('/products/42', { user: TEST_USER });
    expect(await screen.findByText(/Este es tu producto · 7 visitas/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gestionar en Mis productos' })).toHaveAttribute(
      'href',
      '/my-products',
    );
    expect(screen.queryByRole('button', { name: 'Favorito' })).not.toBeInTheDocument();
  });

  it('copies the link when the Web Share API is missing', async () => {
    api();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/products/42');
    await userEvent.click(await screen.findByRole('button', { name: 'Compartir' }));
    expect(await screen.findByText('Enlace copiado. ¡Compártelo!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/products/42');
  });

  it("404: 'El producto no fue encontrado.' with Volver", async () => {
    mockFetch({
      'GET /api/products/42': () =>
        jsonResponse(404, { error: 'El producto no fue encontrado.', code: 'NOT_FOUND' }),
    });
    renderApp('/products/42');
    expect(await screen.findByText('El producto no fue encontrado.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeInTheDocument();
  });

  it('other errors offer Reintentar', async () => {
    let fail = true;
    mockFetch({
      'GET /api/products/42': () =>
        fail
          ? jsonResponse(500, { error: 'x', code: 'INTERNAL_ERROR' })
          : jsonResponse(200, PRODUCT),
      'POST /api/products/42/views': () => new Response(null, { status: 204 }),
    });
    renderApp('/products/42');
    expect(
      await screen.findByText('Error al cargar el producto. Por favor, intenta nuevamente.'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Bicicleta');
  });
});
