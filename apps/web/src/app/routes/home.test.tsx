import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, makeProduct } from '@/testing/products';
import { jsonResponse, mockFetch, renderApp, requestOf } from '@/testing/test-utils';

describe('Home', () => {
  it('shows the real recent listings, newest first, with a link to all of them', async () => {
    const fetchMock = mockFetch({
      'GET /api/categories': () => jsonResponse(200, CATEGORIES),
      'GET /api/products/available': () =>
        jsonResponse(
          200,
          [
            makeProduct({ title: 'Audífonos Sony', price: 380000 }),
            makeProduct({ title: 'Lámpara LED' }),
          ],
          { 'X-Total-Count': '2' },
        ),
    });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Publicado recientemente' });
    expect(await within(section).findByText('Audífonos Sony')).toBeInTheDocument();
    expect(within(section).getByText('Lámpara LED')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Ver todos' })).toHaveAttribute(
      'href',
      '/products',
    );
    // The welcome's glimpse shows real listings too (no made-up samples).
    expect(screen.getAllByText('$ 380.000').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText('Portátil para clases')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map((_, index) => requestOf(fetchMock, index).url)).toContain(
      '/api/products/available?page=0&size=8',
    );
  });

  it('invites to publish when nothing is listed yet', async () => {
    mockFetch({
      'GET /api/categories': () => jsonResponse(200, CATEGORIES),
      'GET /api/products/available': () => jsonResponse(200, [], { 'X-Total-Count': '0' }),
    });
    renderApp('/');
    expect(await screen.findByText('No hay productos disponibles')).toBeInTheDocument();
  });
});
