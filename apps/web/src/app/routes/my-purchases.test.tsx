import { DESTINATIONS } from '@unimercado/shared/chat';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeStomp } from '@/testing/fake-stomp';
import { makeProduct } from '@/testing/products';
import { jsonResponse, mockFetch, renderApp, requestOf, TEST_USER } from '@/testing/test-utils';

const LAMP = makeProduct({ id: 21, title: 'Lámpara de escritorio', sellerId: 50 });
const DESK = makeProduct({ id: 22, title: 'Escritorio plegable', sellerId: 51, isSold: true });
const CHAIR = makeProduct({ id: 23, title: 'Silla ergonómica', sellerId: 52, isSold: true });

const sale = (
  id: number,
  product: ReturnType<typeof makeProduct>,
  price: number,
  status = 'accepted',
) => ({
  id,
  buyerId: TEST_USER.id,
  productId: product.id,
  price,
  status,
  createdAt: `2026-11-2${id % 10}T10:00:00.000Z`,
  decidedAt: status === 'pending' ? null : `2026-11-2${id % 10}T15:30:00.000Z`,
  product,
  isReviewed: false,
});

const SALES = [
  sale(1, LAMP, 40000),
  sale(2, DESK, 150000),
  // The same product twice (deduplicated) and offers that are not purchases.
  sale(3, DESK, 150000),
  sale(4, CHAIR, 90000, 'pending'),
  sale(5, CHAIR, 80000, 'rejected'),
];

const api = (overrides: Parameters<typeof mockFetch>[0] = {}) => {
  // The buyer already rated the lamp (product 21).
  const rated = new Set([21]);
  return mockFetch({
    [`GET /api/sales/buyer/${TEST_USER.id}`]: () =>
      jsonResponse(
        200,
        SALES.map((entry) => ({ ...entry, isReviewed: rated.has(entry.productId) })),
      ),
    'POST /api/reviews': ({ body }) => {
      const review = { id: 2, createdAt: '2026-11-22T00:00:00.000Z', ...(body as object) };
      rated.add((body as { productId: number }).productId);
      return jsonResponse(201, review);
    },
    'GET /api/handoffs': () => jsonResponse(200, []),
    ...overrides,
  });
};

const statOf = (label: string) => {
  const stats = screen.getByRole('region', { name: 'Estadísticas de compras' });
  return within(stats).getByText(label).closest('.MuiCard-root') as HTMLElement;
};

beforeEach(() => fakeStomp.reset());

describe('/my-purchases', () => {
  it('each card shows what was paid, the seller, the date and a way to contact them, as Comprado', async () => {
    api();
    renderApp('/my-purchases', { user: TEST_USER });
    const lamp = (await screen.findByText('Lámpara de escritorio')).closest(
      'article',
    ) as HTMLElement;
    // The accepted offer (40.000), not the listed price (85.000), as 'Total gastado' counts it.
    expect(within(lamp).getByText('$ 40.000')).toBeInTheDocument();
    expect(within(lamp).queryByText('$ 85.000')).not.toBeInTheDocument();
    expect(within(lamp).getByText('Comprado')).toBeInTheDocument();
    expect(within(lamp).queryByText('VENDIDO')).not.toBeInTheDocument();
    expect(within(lamp).getByText(/Valentina Rojas/)).toBeInTheDocument();
    expect(within(lamp).getByText(/21 de noviembre de 2026/)).toBeInTheDocument();
    expect(within(lamp).getByRole('link', { name: 'Contactar a Valentina Rojas' })).toHaveAttribute(
      'href',
      '/chat?userId=50',
    );
  });

  it('a purchase whose listing moderation hid later says so instead of Comprado', async () => {
    api({
      [`GET /api/sales/buyer/${TEST_USER.id}`]: () =>
        jsonResponse(200, [sale(1, { ...LAMP, isSold: true, isHidden: true }, 40000)], {
          'X-Total-Count': '1',
        }),
    });
    renderApp('/my-purchases', { user: TEST_USER });
    const lamp = (await screen.findByText('Lámpara de escritorio')).closest(
      'article',
    ) as HTMLElement;
    expect(within(lamp).getByText('OCULTA POR MODERACIÓN')).toBeInTheDocument();
    expect(within(lamp).queryByText('Comprado')).not.toBeInTheDocument();
  });

  it('shows the stats and each accepted purchase once, rated or to rate', async () => {
    api();
    renderApp('/my-purchases', { user: TEST_USER });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mis Compras' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Lámpara de escritorio')).toBeInTheDocument();
    expect(within(statOf('Total de compras')).getByText('2')).toBeInTheDocument();
    expect(within(statOf('Total gastado')).getByText('$ 190.000')).toBeInTheDocument();
    expect(within(statOf('Pendientes de reseña')).getByText('1')).toBeInTheDocument();
    expect(screen.getAllByText('Escritorio plegable')).toHaveLength(1);
    expect(screen.queryByText('Silla ergonómica')).not.toBeInTheDocument();
    const lamp = screen.getByText('Lámpara de escritorio').closest('article') as HTMLElement;
    expect(within(lamp).getByText('Ya calificado')).toBeInTheDocument();
    const desk = screen.getByText('Escritorio plegable').closest('article') as HTMLElement;
    expect(within(desk).getByRole('button', { name: /Calificar producto/ })).toBeInTheDocument();
    // No offer or edit actions on a purchase.
    expect(screen.queryByRole('button', { name: /Hacer una oferta/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument();
  });

  it('rates a purchase: Enviar waits for stars, then the pending count drops and the dialog closes', async () => {
    const fetchMock = api();
    renderApp('/my-purchases', { user: TEST_USER });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Calificar producto: Escritorio plegable' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Calificar transacción' });
    const send = within(dialog).getByRole('button', { name: 'Enviar' });
    expect(send).toBeDisabled();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Comentario' }),
      'Muy amable, entrega puntual.',
    );
    expect(send).toBeDisabled();
    // jsdom has no layout: hovering MUI's stars reads NaN, so the radio is clicked directly.
    fireEvent.click(within(dialog).getByRole('radio', { name: '5 estrellas' }));
    expect(send).toBeEnabled();
    await userEvent.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(statOf('Pendientes de reseña')).getByText('0')).toBeInTheDocument();
    const desk = screen.getByText('Escritorio plegable').closest('article') as HTMLElement;
    expect(within(desk).getByText('Ya calificado')).toBeInTheDocument();
    const post = fetchMock.mock.calls
      .map((_, index) => requestOf(fetchMock, index))
      .find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      rating: 5,
      comment: 'Muy amable, entrega puntual.',
      productId: 22,
      reviewerId: TEST_USER.id,
      revieweeId: 51,
    });
  });

  it('Cancelar closes the dialog without sending; a refused review says why', async () => {
    api({
      'POST /api/reviews': () =>
        jsonResponse(409, { error: 'Ya calificaste esta compra.', code: 'ALREADY_REVIEWED' }),
    });
    renderApp('/my-purchases', { user: TEST_USER });
    const rate = await screen.findByRole('button', {
      name: 'Calificar producto: Escritorio plegable',
    });
    await userEvent.click(rate);
    let dialog = await screen.findByRole('dialog', { name: 'Calificar transacción' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(rate);
    dialog = await screen.findByRole('dialog', { name: 'Calificar transacción' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '3 estrellas' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('Ya calificaste esta compra.')).toBeInTheDocument();
  });

  it('shows eight skeletons, then the empty state', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    api({
      [`GET /api/sales/buyer/${TEST_USER.id}`]: async () => {
        await gate;
        return jsonResponse(200, [sale(9, LAMP, 1000, 'pending')]);
      },
    });
    const { container } = renderApp('/my-purchases', { user: TEST_USER });
    await waitFor(() =>
      expect(container.querySelectorAll('[aria-busy="true"] > .MuiCard-root')).toHaveLength(8),
    );
    release();
    expect(await screen.findByText('No tienes compras registradas')).toBeInTheDocument();
  });

  it("says the spec's error with Reintentar", async () => {
    let fail = true;
    api({
      [`GET /api/sales/buyer/${TEST_USER.id}`]: () =>
        fail ? jsonResponse(500, {}) : jsonResponse(200, SALES),
    });
    renderApp('/my-purchases', { user: TEST_USER });
    expect(
      await screen.findByText('Error al cargar las compras. Por favor, intenta nuevamente.'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Lámpara de escritorio')).toBeInTheDocument();
  });

  it('an offer accepted while the page is open shows up without a reload', async () => {
    let sales = [sale(1, LAMP, 40000)];
    api({ [`GET /api/sales/buyer/${TEST_USER.id}`]: () => jsonResponse(200, sales) });
    renderApp('/my-purchases', { user: TEST_USER });
    expect(await screen.findByText('Lámpara de escritorio')).toBeInTheDocument();
    await waitFor(() =>
      expect(fakeStomp.transports.at(-1)?.subscribers.has(DESTINATIONS.userNotifications)).toBe(
        true,
      ),
    );
    sales = [...sales, sale(2, DESK, 150000)];
    act(() =>
      fakeStomp.push(DESTINATIONS.userNotifications, {
        id: 5,
        userId: TEST_USER.id,
        typeId: 2,
        message: 'Tu oferta por "Escritorio plegable" fue aceptada.',
        read: false,
        createdAt: new Date().toISOString(),
      }),
    );
    expect(await screen.findByText('Escritorio plegable')).toBeInTheDocument();
  });
});
