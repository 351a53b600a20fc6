import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, makeProduct } from '@/testing/products';
import { jsonResponse, mockFetch, renderApp, TEST_USER } from '@/testing/test-utils';

const LISTING = makeProduct({
  id: 11,
  title: 'Portátil Lenovo',
  price: 1200000,
  sellerId: TEST_USER.id,
});

type Offer = {
  id: number;
  buyerId: number;
  buyerName?: string;
  productId: number;
  price: number;
  status: 'pending' | 'accepted' | 'rejected';
  createdAt: string;
};

const offersApi = (initial: Offer[], overrides: Parameters<typeof mockFetch>[0] = {}) => {
  let offers = initial;
  let listCalls = 0;
  let productCalls = 0;
  const decide = (id: number, status: 'accepted' | 'rejected') => {
    offers = offers.map((offer) =>
      offer.id === id
        ? { ...offer, status }
        : status === 'accepted' && offer.status === 'pending'
          ? { ...offer, status: 'rejected' }
          : offer,
    );
    return jsonResponse(
      200,
      offers.find((offer) => offer.id === id),
    );
  };
  mockFetch({
    'GET /api/categories': () => jsonResponse(200, CATEGORIES),
    'GET /api/products/stats': () =>
      jsonResponse(200, {
        total: 1,
        active: 1,
        sold: 0,
        expired: 0,
        totalEarned: 0,
        totalViews: 3,
      }),
    'GET /api/products': () => {
      productCalls += 1;
      return jsonResponse(200, [LISTING], { 'X-Total-Count': '1' });
    },
    'GET /api/sales/product/11/offers': () => {
      listCalls += 1;
      return jsonResponse(200, offers);
    },
    'PUT /api/sales/1/accept': () => decide(1, 'accepted'),
    'PUT /api/sales/1/reject': () => decide(1, 'rejected'),
    'PUT /api/sales/2/accept': () => decide(2, 'accepted'),
    ...overrides,
  });
  return { listCalls: () => listCalls, productCalls: () => productCalls };
};

const OFFERS: Offer[] = [
  {
    id: 1,
    buyerId: 20,
    buyerName: 'Camila Torres',
    productId: 11,
    price: 1000000,
    status: 'pending',
    createdAt: '2026-11-21T10:00:00.000Z',
  },
  {
    id: 2,
    buyerId: 21,
    productId: 11,
    price: 1100000,
    status: 'pending',
    createdAt: '2026-11-21T12:00:00.000Z',
  },
  {
    id: 3,
    buyerId: 22,
    buyerName: 'Julián Pérez',
    productId: 11,
    price: 900000,
    status: 'rejected',
    createdAt: '2026-11-20T09:00:00.000Z',
  },
];

const openOffers = async () => {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Ver ofertas de Portátil Lenovo' }),
  );
  return screen.findByRole('dialog', { name: 'Ofertas recibidas' });
};

/** Accepting sells the product: it asks first, naming the buyer and the price (issue 18). */
const confirmAccept = async (question: RegExp) => {
  const confirm = await screen.findByRole('dialog', { name: '¿Aceptar la oferta?' });
  expect(confirm).toHaveTextContent(question);
  await userEvent.click(within(confirm).getByRole('button', { name: 'Aceptar oferta' }));
};

const rowOf = (dialog: HTMLElement, text: string) =>
  within(dialog).getByText(text).closest('li') as HTMLElement;

describe('/my-products: offers received', () => {
  it('lists the offers newest first with their state; accept and reject only while pending', async () => {
    offersApi(OFFERS);
    renderApp('/my-products', { user: TEST_USER });
    const dialog = await openOffers();
    await within(dialog).findByText('Camila Torres');
    const rows = within(dialog).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Usuario #21')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('$ 1.100.000')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Pendiente')).toBeInTheDocument();
    const rejected = rowOf(dialog, 'Julián Pérez');
    expect(within(rejected).getByText('Rechazada')).toBeInTheDocument();
    expect(within(rejected).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(rowOf(dialog, 'Camila Torres')).getByRole('button', {
        name: 'Aceptar la oferta de Camila Torres',
      }),
    ).toBeInTheDocument();
  });

  it('accepting reloads the list (the others become Rechazada) and the listings', async () => {
    const counters = offersApi(OFFERS);
    renderApp('/my-products', { user: TEST_USER });
    const dialog = await openOffers();
    await within(dialog).findByText('Camila Torres');
    const before = { list: counters.listCalls(), products: counters.productCalls() };
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Aceptar la oferta de Camila Torres' }),
    );
    await confirmAccept(/Camila Torres.*\$ 1\.000\.000/);
    await waitFor(() =>
      expect(within(rowOf(dialog, 'Camila Torres')).getByText('Aceptada')).toBeInTheDocument(),
    );
    expect(within(rowOf(dialog, 'Usuario #21')).getByText('Rechazada')).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: /Aceptar|Rechazar/ }),
    ).not.toBeInTheDocument();
    expect(counters.listCalls()).toBeGreaterThan(before.list);
    await waitFor(() => expect(counters.productCalls()).toBeGreaterThan(before.products));
  });

  it('rejecting marks that offer Rechazada', async () => {
    offersApi(OFFERS);
    renderApp('/my-products', { user: TEST_USER });
    const dialog = await openOffers();
    await within(dialog).findByText('Camila Torres');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Rechazar la oferta de Camila Torres' }),
    );
    await waitFor(() =>
      expect(within(rowOf(dialog, 'Camila Torres')).getByText('Rechazada')).toBeInTheDocument(),
    );
    expect(within(rowOf(dialog, 'Usuario #21')).getByText('Pendiente')).toBeInTheDocument();
  });

  it("gives the spec's accept and reject errors", async () => {
    offersApi(OFFERS, {
      'PUT /api/sales/1/accept': () => jsonResponse(500, {}),
      'PUT /api/sales/1/reject': () => jsonResponse(500, {}),
    });
    renderApp('/my-products', { user: TEST_USER });
    const dialog = await openOffers();
    await within(dialog).findByText('Camila Torres');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Aceptar la oferta de Camila Torres' }),
    );
    await confirmAccept(/Camila Torres/);
    expect(await screen.findByText('Error al aceptar la oferta')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '¿Aceptar la oferta?' })).not.toBeInTheDocument(),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Rechazar la oferta de Camila Torres' }),
    );
    expect(await within(dialog).findByText('Error al rechazar la oferta')).toBeInTheDocument();
  });

  it('asks before accepting, naming buyer and price; Cancelar sells nothing', async () => {
    let accepts = 0;
    offersApi(OFFERS, {
      'PUT /api/sales/1/accept': () => {
        accepts += 1;
        return jsonResponse(200, { ...OFFERS[0], status: 'accepted' });
      },
    });
    renderApp('/my-products', { user: TEST_USER });
    const dialog = await openOffers();
    await within(dialog).findByText('Camila Torres');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Aceptar la oferta de Camila Torres' }),
    );
    const confirm = await screen.findByRole('dialog', { name: '¿Aceptar la oferta?' });
    expect(confirm).toHaveTextContent(
      'Venderás «Portátil Lenovo» a Camila Torres por $ 1.000.000 (precio publicado $ 1.200.000).',
    );
    expect(confirm).toHaveTextContent(/no se puede deshacer/);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '¿Aceptar la oferta?' })).not.toBeInTheDocument(),
    );
    expect(accepts).toBe(0);
    expect(within(rowOf(dialog, 'Camila Torres')).getByText('Pendiente')).toBeInTheDocument();
  });

  it("a notification of a new offer opens that listing's offers (/my-products?offers=ID)", async () => {
    offersApi(OFFERS, { 'GET /api/products/11': () => jsonResponse(200, LISTING) });
    const { router } = renderApp('/my-products?offers=11', { user: TEST_USER });
    const dialog = await screen.findByRole('dialog', { name: 'Ofertas recibidas' });
    expect(await within(dialog).findByText('Camila Torres')).toBeInTheDocument();
    expect(within(dialog).getByText('Portátil Lenovo')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
