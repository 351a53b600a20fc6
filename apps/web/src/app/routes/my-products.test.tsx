import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, jpegFile, makeProduct, mockUploads } from '@/testing/products';
import { jsonResponse, mockFetch, renderApp, requestOf, TEST_USER } from '@/testing/test-utils';

const ACTIVE = makeProduct({
  id: 11,
  title: 'Portátil Lenovo',
  sellerId: TEST_USER.id,
  viewCount: 31,
  favoritesCount: 4,
  categoryId: 2,
  images: [1, 2].map((n) => ({
    url: `http://localhost/uploads/products/x/${n}.webp`,
    thumbnailUrl: `http://localhost/uploads/products/x/${n}-t.webp`,
    width: 800,
    height: 600,
    thumbnailWidth: 480,
    thumbnailHeight: 360,
  })),
});
const SOLD = makeProduct({
  id: 12,
  title: 'Bicicleta urbana',
  sellerId: TEST_USER.id,
  isSold: true,
  viewCount: 1,
});

const dashboardApi = (overrides: Parameters<typeof mockFetch>[0] = {}) =>
  mockFetch({
    'GET /api/categories': () => jsonResponse(200, CATEGORIES),
    'GET /api/products/stats': () =>
      jsonResponse(200, { total: 2, active: 1, sold: 1, totalEarned: 560000, totalViews: 32 }),
    'GET /api/products': ({ url }) =>
      url.searchParams.get('isSold') === 'true'
        ? jsonResponse(200, [SOLD], { 'X-Total-Count': '1' })
        : jsonResponse(200, [ACTIVE], { 'X-Total-Count': '1' }),
    'GET /api/products/locations': () => jsonResponse(200, []),
    'GET /api/handoffs': () => jsonResponse(200, []),
    ...overrides,
  });

describe('/my-products', () => {
  it('shows the four statistic cards and the active listings with their views', async () => {
    const fetchMock = dashboardApi();
    renderApp('/my-products', { user: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Mis productos' })).toBeInTheDocument();
    const stats = await screen.findByRole('region', { name: 'Estadísticas de ventas' });
    await within(stats).findByText('Total ganado');
    for (const label of ['Total', 'Activos', 'Vendidos'])
      expect(within(stats).getByText(label)).toBeInTheDocument();
    // Headings in order under the page's h1 (screen readers list them; Lighthouse's heading-order).
    expect(within(stats).getByRole('heading', { level: 2, name: 'Total ganado' })).toBeVisible();
    expect(within(stats).getByText('$ 560.000')).toBeInTheDocument();
    expect(within(stats).getByText('32 visitas')).toBeInTheDocument();
    expect(await screen.findByText('Portátil Lenovo')).toBeInTheDocument();
    expect(screen.getByText('31 visitas')).toBeInTheDocument();
    expect(screen.getByText('4 favoritos')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Activos (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const listQuery = fetchMock.mock.calls
      .map((_, index) => requestOf(fetchMock, index).url)
      .find((url) => url.startsWith('/api/products?'));
    expect(listQuery).toBe(`/api/products?sellerId=${TEST_USER.id}&isSold=false&page=0&size=12`);
  });

  it('the Vendidos tab hides the offers and edit actions', async () => {
    dashboardApi();
    const { router } = renderApp('/my-products', { user: TEST_USER });
    await userEvent.click(await screen.findByRole('tab', { name: 'Vendidos (1)' }));
    expect(await screen.findByText('Bicicleta urbana')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=vendidos');
    expect(
      screen.queryByRole('button', { name: 'Editar Bicicleta urbana' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Ver ofertas de Bicicleta urbana' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar Bicicleta urbana' })).toBeInTheDocument();
  });

  it('the tabs follow the keyboard pattern: one in the tab order, arrows move, Enter opens', async () => {
    dashboardApi();
    const { router } = renderApp('/my-products', { user: TEST_USER });
    const active = await screen.findByRole('tab', { name: 'Activos (1)' });
    const sold = screen.getByRole('tab', { name: 'Vendidos (1)' });
    expect(active).toHaveAttribute('tabindex', '0');
    expect(sold).toHaveAttribute('tabindex', '-1');
    act(() => active.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(sold).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(active).toHaveFocus();
    await userEvent.keyboard('{End}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=vendidos'));
    expect(screen.getByRole('tab', { name: 'Vendidos (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('deletes after the spec confirmation; a 500 gives the spec message', async () => {
    let status = 500;
    const fetchMock = dashboardApi({
      'DELETE /api/products/11': () =>
        status === 500 ? jsonResponse(500, {}) : new Response(null, { status: 204 }),
    });
    renderApp('/my-products', { user: TEST_USER });
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Portátil Lenovo' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Seguro que deseas eliminar este producto?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(
      await within(dialog).findByText(
        'No se pudo eliminar el producto. Puede que tenga ventas asociadas o un error interno del servidor.',
      ),
    ).toBeInTheDocument();
    status = 204;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Producto eliminado')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter((_, index) => requestOf(fetchMock, index).method === 'DELETE'),
    ).toHaveLength(2);
  });

  it('a 409 explains itself; other failures say "Error al eliminar el producto."', async () => {
    let answer = 409;
    dashboardApi({
      'DELETE /api/products/11': () =>
        answer === 409
          ? jsonResponse(409, {
              error: 'No se puede eliminar: tiene una venta aceptada.',
              code: 'HAS_ACCEPTED_SALE',
            })
          : jsonResponse(403, {}),
    });
    renderApp('/my-products', { user: TEST_USER });
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Portátil Lenovo' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(
      await within(dialog).findByText('No se puede eliminar: tiene una venta aceptada.'),
    ).toBeInTheDocument();
    answer = 403;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('Error al eliminar el producto.')).toBeInTheDocument();
  });

  it('marks a product sold after confirming; a failure says "Error al marcar como vendido."', async () => {
    let fail = true;
    dashboardApi({
      'PATCH /api/products/11/sold': () =>
        fail ? jsonResponse(500, {}) : jsonResponse(200, { ...ACTIVE, isSold: true }),
    });
    renderApp('/my-products', { user: TEST_USER });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Marcar Portátil Lenovo como vendido' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Marcar como vendido?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Marcar como vendido' }));
    expect(await within(dialog).findByText('Error al marcar como vendido.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Marcar como vendido' }));
    expect(await screen.findByText('Producto marcado como vendido')).toBeInTheDocument();
  });

  it('edits a product keeping at most 3 photos in total, uploading only the new ones', async () => {
    const fetchMock = dashboardApi({
      'PUT /api/products/11': ({ body }) => jsonResponse(200, { ...ACTIVE, ...(body as object) }),
    });
    const sent = mockUploads(() => ({
      status: 201,
      body: ['http://localhost/uploads/products/x/3.webp'],
    }));
    const user = userEvent.setup();
    renderApp('/my-products', { user: TEST_USER });
    await user.click(await screen.findByRole('button', { name: 'Editar Portátil Lenovo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar producto' });
    expect(within(dialog).getByLabelText(/^Título/)).toHaveValue('Portátil Lenovo');
    const input = within(dialog).getByTestId('product-photos-input');
    const files = ['n1.jpg', 'n2.jpg'].map((name) => jpegFile(name, 10));
    await user.upload(input, files);
    expect(await within(dialog).findByText('Máximo 3 imágenes permitidas.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Precio/));
    await user.type(within(dialog).getByLabelText(/^Precio/), '1500000');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Producto actualizado')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.form.getAll('files')).toHaveLength(1);
    const put = fetchMock.mock.calls
      .map((_, index) => requestOf(fetchMock, index))
      .find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({
      id: 11,
      price: 1500000,
      imageUrl:
        'http://localhost/uploads/products/x/1.webp,http://localhost/uploads/products/x/2.webp,http://localhost/uploads/products/x/3.webp',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 30_000);

  it("says 'Error al subir imagen o actualizar producto' when saving fails", async () => {
    dashboardApi({
      'PUT /api/products/11': () => jsonResponse(500, {}),
    });
    const user = userEvent.setup();
    renderApp('/my-products', { user: TEST_USER });
    await user.click(await screen.findByRole('button', { name: 'Editar Portátil Lenovo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar producto' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await within(dialog).findByText('Error al subir imagen o actualizar producto'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Error al actualizar el producto.')).toBeInTheDocument();
  });

  it('loading errors offer Reintentar, and the offers button opens the offers received', async () => {
    let fail = true;
    dashboardApi({
      'GET /api/products': () =>
        fail ? jsonResponse(500, {}) : jsonResponse(200, [ACTIVE], { 'X-Total-Count': '1' }),
      'GET /api/sales/product/11/offers': () => jsonResponse(200, []),
    });
    renderApp('/my-products', { user: TEST_USER });
    expect(
      await screen.findByText('Error al cargar los productos. Por favor, intenta nuevamente.'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ver ofertas de Portátil Lenovo' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ofertas recibidas' });
    expect(
      await within(dialog).findByText('Aún no has recibido ofertas por este producto.'),
    ).toBeInTheDocument();
  });
});
