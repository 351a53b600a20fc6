import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/products';
import { jsonResponse, mockFetch, renderApp, requestOf, TEST_USER } from '@/testing/test-utils';

const PRODUCT = makeProduct({ id: 42, title: 'Bicicleta de montaña', price: 980000, sellerId: 50 });

const api = (overrides: Parameters<typeof mockFetch>[0] = {}) => {
  let saved = false;
  const fetchMock = mockFetch({
    'GET /api/products/42': () => jsonResponse(200, PRODUCT),
    'POST /api/products/42/views': () => new Response(null, { status: 204 }),
    'GET /api/favorites/ids': () => jsonResponse(200, { productIds: saved ? [42] : [] }),
    'POST /api/favorites': () => {
      saved = !saved;
      return jsonResponse(200, { userId: TEST_USER.id, productId: 42, isFavorite: saved });
    },
    ...overrides,
  });
  return fetchMock;
};

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls
    .map((_, index) => requestOf(fetchMock, index))
    .filter((request) => request.method === method && request.url.startsWith(url));

const openOfferDialog = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Hacer una oferta' }));
  return screen.findByRole('dialog', { name: 'Hacer una oferta' });
};

describe('/products/{id}: offer', () => {
  it('checks the price as typed with the spec messages and shows the discount', async () => {
    api();
    renderApp('/products/42', { user: TEST_USER });
    const dialog = await openOfferDialog();
    const submit = within(dialog).getByRole('button', { name: 'Enviar oferta' });
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('Precio publicado: $ 980.000')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Tu oferta' });

    await userEvent.type(field, 'diez');
    expect(within(dialog).getByText('Por favor ingresa un precio válido.')).toBeInTheDocument();
    expect(submit).toBeEnabled();
    await userEvent.clear(field);
    expect(submit).toBeDisabled();
    await userEvent.type(field, '0');
    expect(within(dialog).getByText('El precio debe ser mayor a 0.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '980000');
    expect(
      within(dialog).getByText('La oferta debe ser menor al precio original.'),
    ).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '833000');
    expect(within(dialog).getByText('15,0% de descuento')).toBeInTheDocument();
  });

  it('sends the offer as pending, confirms, and closes 2 s later', async () => {
    const fetchMock = api({
      'POST /api/sales': ({ body }) =>
        jsonResponse(201, { id: 9, createdAt: '2026-11-22T05:00:00.000Z', ...(body as object) }),
    });
    renderApp('/products/42', { user: TEST_USER });
    const dialog = await openOfferDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tu oferta' }), '900000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar oferta' }));
    expect(
      await within(dialog).findByText('¡Oferta enviada! El vendedor recibirá una notificación.'),
    ).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/sales')[0]?.body).toEqual({
      buyerId: TEST_USER.id,
      productId: 42,
      price: 900000,
      status: 'pending',
    });
    const sentAt = Date.now();
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'), { timeout: 4000 });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1500);
  });

  it("shows the server's reason, else the spec's dialog error", async () => {
    let answer: 'reason' | 'fault' = 'reason';
    api({
      'POST /api/sales': () =>
        answer === 'reason'
          ? jsonResponse(400, {
              error: 'Ya no acepta ofertas: el producto fue vendido.',
              code: 'PRODUCT_SOLD',
            })
          : jsonResponse(500, {}),
    });
    renderApp('/products/42', { user: TEST_USER });
    const dialog = await openOfferDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tu oferta' }), '900000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar oferta' }));
    expect(
      await within(dialog).findByText('Ya no acepta ofertas: el producto fue vendido.'),
    ).toBeInTheDocument();
    answer = 'fault';
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar oferta' }));
    expect(
      await within(dialog).findByText('Error al enviar la oferta. Por favor, intenta nuevamente.'),
    ).toBeInTheDocument();
  });
});

describe('/products/{id}: favourite', () => {
  it('toggles the favourite for the member and the heart follows', async () => {
    const fetchMock = api();
    renderApp('/products/42', { user: TEST_USER });
    const button = await screen.findByRole('button', { name: 'Favorito' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(await screen.findByText('Agregado a favoritos')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'En favoritos' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(calls(fetchMock, 'POST', '/api/favorites')[0]?.body).toEqual({
      userId: TEST_USER.id,
      productId: 42,
    });
    await userEvent.click(screen.getByRole('button', { name: 'En favoritos' }));
    expect(await screen.findByText('Quitado de favoritos')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Favorito' })).toBeInTheDocument();
  });

  it("says 'Error al actualizar favorito.' when the toggle fails", async () => {
    api({ 'POST /api/favorites': () => jsonResponse(500, {}) });
    renderApp('/products/42', { user: TEST_USER });
    await userEvent.click(await screen.findByRole('button', { name: 'Favorito' }));
    expect(await screen.findByText('Error al actualizar favorito.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favorito' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
  });
});
