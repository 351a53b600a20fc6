import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/products';
import { jsonResponse, mockFetch, renderApp, requestOf, TEST_USER } from '@/testing/test-utils';

const user = (id: number, name: string) => ({
  id,
  name,
  email: `${id}@uni.edu`,
  phone: null,
  roles: ['ROLE_USER'],
  verified: true,
  createdAt: '2026-01-10T10:00:00Z',
});

const api = (id: number, name: string) =>
  mockFetch({
    [`GET /api/users/${id}`]: () => jsonResponse(200, user(id, name)),
    [`GET /api/users/${id}/stats`]: () =>
      jsonResponse(200, { productos: 1, vendidos: 0, promedio: 0, totalReviews: 0 }),
    'GET /api/reviews': () => jsonResponse(200, [], { 'X-Total-Count': '0' }),
    'GET /api/auth/verification-status': () => jsonResponse(200, { verified: true, email: 'x' }),
    'GET /api/products': () =>
      jsonResponse(200, [makeProduct({ title: 'Guitarra Yamaha', sellerId: id })], {
        'X-Total-Count': '1',
      }),
  });

describe('profile pages show the user’s listings', () => {
  it('on a public profile', async () => {
    const fetchMock = api(9, 'Mateo Castro');
    renderApp('/user/9', { user: TEST_USER });
    const section = await screen.findByRole('region', { name: 'Publicaciones' });
    expect(await within(section).findByText('Guitarra Yamaha')).toBeInTheDocument();
    const query = fetchMock.mock.calls
      .map((_, index) => requestOf(fetchMock, index).url)
      .find((url) => url.startsWith('/api/products?'));
    expect(query).toBe('/api/products?sellerId=9&page=0&size=8');
  });

  it('on the own profile, with a way to manage them', async () => {
    api(TEST_USER.id, TEST_USER.name);
    renderApp('/profile', { user: TEST_USER });
    const section = await screen.findByRole('region', { name: 'Mis publicaciones' });
    expect(await within(section).findByText('Guitarra Yamaha')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Gestionar' })).toHaveAttribute(
      'href',
      '/my-products',
    );
  });

  it('not when the profile does not exist', async () => {
    mockFetch({
      'GET /api/users/9': () =>
        jsonResponse(404, { error: 'Usuario no encontrado', code: 'NOT_FOUND' }),
    });
    renderApp('/user/9', { user: TEST_USER });
    expect(await screen.findByText('Perfil no encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Publicaciones' })).not.toBeInTheDocument();
  });
});
