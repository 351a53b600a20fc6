import type { MeetupSpot } from '@unimercado/shared/schemas/meetups';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  mockFetch,
  renderApp,
  requestTo,
  TEST_ADMIN,
  TEST_USER,
} from '@/testing/test-utils';

const SPOT: MeetupSpot = {
  id: 4,
  name: 'Entrada de la biblioteca central',
  area: 'Biblioteca central',
  openingHours: 'Lunes a sábado, 7:00 a. m. a 9:00 p. m.',
  description: 'Frente al control de acceso.',
  latitude: null,
  longitude: null,
  isActive: true,
};

describe('admin: meet-up spots', { timeout: 40_000 }, () => {
  it('lists every spot and says when a spot in use was deactivated instead of removed', async () => {
    const fetchMock = mockFetch({
      'GET /api/users': () => jsonResponse(200, [], { 'X-Total-Count': '0' }),
      'GET /api/notifications/count': () => jsonResponse(200, { unread: 0, read: 0 }),
      'GET /api/meetup-spots': () => jsonResponse(200, [SPOT], { 'X-Total-Count': '1' }),
      'DELETE /api/meetup-spots/4': () =>
        jsonResponse(200, { deleted: false, spot: { ...SPOT, isActive: false } }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin-panel', { user: TEST_ADMIN });
    const list = await screen.findByRole(
      'list',
      { name: 'Puntos de encuentro' },
      { timeout: 20_000 },
    );
    const item = (await within(list).findByText(SPOT.name)).closest('li')!;
    expect(within(item).getByText('Activo')).toBeInTheDocument();
    expect(requestTo(fetchMock, '/api/meetup-spots').url).toContain('includeInactive=true');
    await user.click(within(item).getByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText('Ese punto está en uso: lo desactivamos en lugar de eliminarlo.'),
    ).toBeInTheDocument();
  });

  it('is not shown to a member', async () => {
    mockFetch({});
    renderApp('/admin-panel', { user: TEST_USER });
    expect(
      await screen.findByRole('heading', {
        name: 'No estás autorizado para acceder a esta página.',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Puntos de encuentro' })).not.toBeInTheDocument();
  });
});
