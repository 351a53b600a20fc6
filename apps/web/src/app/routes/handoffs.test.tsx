import type { HandoffState } from '@unimercado/shared/schemas/handoffs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HandoffMeetup, HandoffView } from '@/features/handoffs/api/types';
import { fakeStomp } from '@/testing/fake-stomp';
import { makeProduct } from '@/testing/products';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '@/testing/test-utils';

const ME = { id: TEST_USER.id, name: TEST_USER.name };
const PEDRO = { id: 8, name: 'Pedro Gómez' };
const BIKE = makeProduct({
  id: 31,
  title: 'Bicicleta urbana',
  sellerId: PEDRO.id,
  sellerName: PEDRO.name,
  isSold: true,
  isReserved: true,
});

const handoff = (overrides: Partial<HandoffView> = {}): HandoffView => ({
  id: 501,
  state: 'reserved',
  role: 'buyer',
  price: 250000,
  product: BIKE,
  buyer: ME,
  seller: PEDRO,
  acceptedAt: '2026-11-24T15:00:00.000Z',
  sellerConfirmedAt: null,
  completesAt: null,
  completedAt: null,
  cancelledAt: null,
  cancelledById: null,
  cancelReason: null,
  cancelNote: null,
  meetup: null,
  pendingMeetup: null,
  isReviewed: false,
  ...overrides,
});

const MEETUP: HandoffMeetup = {
  id: 3,
  handoffId: 501,
  proposerId: PEDRO.id,
  spot: { id: 2, name: 'Entrada de la Biblioteca Central', area: 'Bloque 5' },
  // 3:30 p. m. in Bogotá (UTC-5).
  startsAt: '2026-11-27T20:30:00.000Z',
  state: 'accepted',
  createdAt: '2026-11-25T10:00:00.000Z',
};

/** A server that keeps one hand-off and answers the card's calls as the API does. */
const handoffApi = (initial: HandoffView, overrides: Parameters<typeof mockFetch>[0] = {}) => {
  let current = initial;
  const bodies: unknown[] = [];
  const byState = (state: HandoffState) => (current.state === state ? [current] : []);
  const fetchMock = mockFetch({
    'GET /api/handoffs': ({ url }) =>
      jsonResponse(200, byState(url.searchParams.get('state') as HandoffState)),
    [`GET /api/sales/buyer/${TEST_USER.id}`]: () =>
      jsonResponse(200, [
        {
          id: current.id,
          buyerId: ME.id,
          productId: BIKE.id,
          price: current.price,
          status: 'accepted',
          createdAt: '2026-11-24T10:00:00.000Z',
          decidedAt: current.acceptedAt,
          product: BIKE,
          isReviewed: current.isReviewed,
        },
      ]),
    'POST /api/handoffs/501/confirm': () => {
      current =
        current.role === 'buyer'
          ? { ...current, state: 'completed', completedAt: '2026-11-25T12:00:00.000Z' }
          : {
              ...current,
              sellerConfirmedAt: '2026-11-25T12:00:00.000Z',
              completesAt: '2026-11-28T12:00:00.000Z',
            };
      return jsonResponse(200, current);
    },
    'POST /api/handoffs/501/cancel': ({ body }) => {
      bodies.push(body);
      current = { ...current, state: 'cancelled' };
      return jsonResponse(200, current);
    },
    'POST /api/reviews': ({ body }) => {
      bodies.push(body);
      current = { ...current, isReviewed: true };
      return jsonResponse(201, {
        id: 9,
        createdAt: '2026-11-25T13:00:00.000Z',
        ...(body as object),
      });
    },
    'GET /api/products/stats': () =>
      jsonResponse(200, { total: 1, active: 0, sold: 1, totalEarned: 0, totalViews: 0 }),
    'GET /api/products': () => jsonResponse(200, [], { 'X-Total-Count': '0' }),
    'GET /api/categories': () => jsonResponse(200, []),
    'GET /api/products/locations': () => jsonResponse(200, []),
    ...overrides,
  });
  return { fetchMock, bodies };
};

const findCard = () =>
  screen.findByRole('article', { name: 'Entrega de Bicicleta urbana' }, { timeout: 10_000 });

beforeEach(() => fakeStomp.reset());

describe('the hand-off card', () => {
  it("the buyer's card on Mis compras: product, seller, meet-up, confirm, then the review", async () => {
    handoffApi(handoff({ meetup: MEETUP }));
    renderApp('/my-purchases', { user: TEST_USER });
    const card = await findCard();
    expect(within(card).getByRole('link', { name: 'Bicicleta urbana' })).toHaveAttribute(
      'href',
      '/products/31',
    );
    expect(card).toHaveTextContent('$ 250.000');
    expect(card).toHaveTextContent('Reservado');
    expect(within(card).getByRole('link', { name: 'Pedro Gómez' })).toHaveAttribute(
      'href',
      '/user/8',
    );
    expect(
      within(card).getByRole('link', { name: 'Ver conversación con Pedro Gómez' }),
    ).toHaveAttribute('href', '/chat?userId=8');
    // The meet-up in the campus time zone.
    expect(card).toHaveTextContent(
      'Entrada de la Biblioteca Central (Bloque 5) · 27 de noviembre de 2026',
    );
    expect(card).toHaveTextContent('3:30 p. m.');
    expect(within(card).getByRole('link', { name: 'Consejos de seguridad' })).toHaveAttribute(
      'href',
      '/consejos-de-seguridad',
    );
    // In the grid a reserved purchase is not rated yet: its card says how it completes.
    expect(screen.queryByRole('button', { name: /Calificar producto/ })).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Confirmar entrega' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar entrega' });
    expect(dialog).toHaveTextContent('¿Ya recibiste «Bicicleta urbana»?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar entrega' }));
    await waitFor(() => expect(card).toHaveTextContent('Entrega completada.'));
    expect(card).toHaveTextContent('Entregado');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(card).getByRole('button', { name: 'Calificar producto' }));
    const rate = await screen.findByRole('dialog', { name: 'Calificar transacción' });
    fireEvent.click(within(rate).getByRole('radio', { name: '4 estrellas' }));
    await userEvent.click(within(rate).getByRole('button', { name: 'Enviar' }));
    // Reviewed: the card has done its work and goes.
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Entrega de Bicicleta urbana' })).toBeNull(),
    );
  });

  it("the seller's card on Mis productos: confirming starts the 72 hours; a pending proposal shows", async () => {
    handoffApi(
      handoff({
        role: 'seller',
        buyer: PEDRO,
        seller: ME,
        pendingMeetup: { ...MEETUP, state: 'proposed' },
      }),
    );
    renderApp('/my-products', { user: TEST_USER });
    const card = await findCard();
    expect(card).toHaveTextContent('Comprador: Pedro Gómez');
    expect(card).toHaveTextContent('Propuesta pendiente');
    expect(card).toHaveTextContent('Reservado para este comprador');
    await userEvent.click(within(card).getByRole('button', { name: 'Confirmar entrega' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar entrega' });
    expect(dialog).toHaveTextContent(
      '¿Entregaste «Bicicleta urbana» a Pedro Gómez? Si no la cancela en 72 horas',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar entrega' }));
    await waitFor(() =>
      expect(card).toHaveTextContent(
        'Confirmaste la entrega. Se dará por completada el 28 de noviembre de 2026',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Confirmed once; cancelling stays possible until the buyer's 72 hours pass.
    expect(within(card).queryByRole('button', { name: 'Confirmar entrega' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Cancelar reserva' })).toBeInTheDocument();
  });

  it("'Cancelar reserva' sends the chosen reason and the note; a refusal says why", async () => {
    const { bodies } = handoffApi(handoff(), {
      'POST /api/handoffs/501/cancel': ({ body }) => {
        bodies.push(body);
        return bodies.length === 1
          ? jsonResponse(409, {
              error: 'Esta entrega ya fue completada o cancelada.',
              message: 'Esta entrega ya fue completada o cancelada.',
              code: 'CONFLICT',
            })
          : jsonResponse(200, handoff({ state: 'cancelled' }));
      },
    });
    renderApp('/my-purchases', { user: TEST_USER });
    const card = await findCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Cancelar reserva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar reserva' });
    const reasons = within(dialog).getByRole('radiogroup', { name: 'Motivo' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['La otra persona no se presentó', 'Cambié de opinión', 'Otro motivo']);
    await userEvent.click(within(reasons).getByLabelText('Cambié de opinión'));
    await userEvent.type(
      within(dialog).getByLabelText('Detalle (opcional)'),
      '  Ya no la necesito ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar reserva' }));
    expect(
      await within(dialog).findByText('Esta entrega ya fue completada o cancelada.'),
    ).toBeInTheDocument();
    expect(bodies[0]).toEqual({ reason: 'changed_mind', note: 'Ya no la necesito' });
  });

  it('atop the conversation with the seller, folded; unfolded without the link to itself', async () => {
    handoffApi(handoff(), {
      'GET /api/chat/users': () =>
        jsonResponse(
          200,
          [{ ...PEDRO, email: 'pedro@uni.edu', lastMessage: null, unreadCount: 0 }],
          { 'X-Total-Count': '1' },
        ),
      'GET /api/chat/messages': () => jsonResponse(200, []),
      'GET /api/notifications/count': () => jsonResponse(200, { unread: 0, read: 0 }),
    });
    renderApp('/chat?userId=8', { user: TEST_USER });
    const summary = await screen.findByRole(
      'button',
      { name: /Entrega de Bicicleta urbana/ },
      { timeout: 10_000 },
    );
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(summary);
    const card = await findCard();
    expect(within(card).getByRole('button', { name: 'Confirmar entrega' })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /Ver conversación/ })).toBeNull();
  });
});
