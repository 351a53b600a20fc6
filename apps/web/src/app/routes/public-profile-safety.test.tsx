import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  mockFetch,
  renderApp,
  requestOf,
  requestTo,
  TEST_USER,
} from '@/testing/test-utils';

const MATEO = {
  id: 9,
  name: 'Mateo Castro',
  email: '9@uni.edu',
  phone: null,
  roles: ['ROLE_USER'],
  verified: true,
  createdAt: '2026-01-10T10:00:00Z',
};

/** A profile whose block state the test changes through the API, as the server would. */
const profileApi = (initiallyBlocked = false) => {
  let isBlocked = initiallyBlocked;
  const fetchMock = mockFetch({
    'GET /api/users/9': () => jsonResponse(200, MATEO),
    'GET /api/users/9/stats': () =>
      jsonResponse(200, { productos: 0, vendidos: 0, promedio: 0, totalReviews: 0 }),
    'GET /api/reviews': () => jsonResponse(200, [], { 'X-Total-Count': '0' }),
    'GET /api/products': () => jsonResponse(200, [], { 'X-Total-Count': '0' }),
    'GET /api/blocks/9': () =>
      jsonResponse(200, { userId: 9, isBlockedByMe: isBlocked, isClosed: isBlocked }),
    'POST /api/blocks': () => {
      isBlocked = true;
      return jsonResponse(200, { userId: 9, name: MATEO.name, createdAt: '2026-02-01T00:00:00Z' });
    },
    'DELETE /api/blocks/9': () => {
      isBlocked = false;
      return new Response(null, { status: 204 });
    },
    'POST /api/reports': () =>
      jsonResponse(201, {
        id: 1,
        targetType: 'user',
        targetId: 9,
        reason: 'offensive',
        details: null,
        status: 'open',
        createdAt: '2026-02-01T00:00:00Z',
      }),
  });
  return fetchMock;
};

describe("a member's public profile: report and block", () => {
  it('blocks after a question, then shows the block with Desbloquear, which lifts it', async () => {
    const fetchMock = profileApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/user/9', { user: TEST_USER });
    // The first render loads the lazy route and the profile's safety part.
    const block = await screen.findByRole('button', { name: 'Bloquear' }, { timeout: 20_000 });
    // Enabled once the block state is known.
    await waitFor(() => expect(block).toBeEnabled());
    await user.click(block);
    const dialog = await screen.findByRole('dialog', { name: '¿Bloquear a Mateo Castro?' });
    await user.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    const posted = fetchMock.mock.calls
      .map((_, index) => requestOf(fetchMock, index))
      .filter((request) => request.method === 'POST' && request.url === '/api/blocks');
    expect(posted.map((request) => request.body)).toEqual([{ userId: 9 }]);
    expect(
      await screen.findByText(/^Bloqueaste a Mateo Castro\. Ninguno de los dos/),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Bloquear' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Desbloquear' }));
    expect(await screen.findByRole('button', { name: 'Bloquear' })).toBeInTheDocument();
    expect(screen.queryByText(/^Bloqueaste a Mateo Castro/)).not.toBeInTheDocument();
  });

  it('reports the member with the report dialog', async () => {
    const fetchMock = profileApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/user/9', { user: TEST_USER });
    await user.click(
      await screen.findByRole('button', { name: 'Reportar usuario' }, { timeout: 20_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reportar' });
    await user.click(within(dialog).getByRole('radio', { name: 'Contenido ofensivo o acoso' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    expect(
      await within(dialog).findByText('Gracias por tu reporte. Lo revisaremos pronto.'),
    ).toBeInTheDocument();
    expect(requestTo(fetchMock, '/api/reports').body).toEqual({
      targetType: 'user',
      targetId: 9,
      reason: 'offensive',
      details: null,
    });
  });

  it('shows an earlier block when the profile opens', async () => {
    profileApi(true);
    renderApp('/user/9', { user: TEST_USER });
    expect(await screen.findByText(/^Bloqueaste a Mateo Castro\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desbloquear' })).toBeInTheDocument();
  });

  it('offers neither to a visitor without a session', async () => {
    profileApi();
    renderApp('/user/9', { user: null });
    expect(await screen.findByRole('heading', { name: 'Perfil de Mateo Castro' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Reseñas' })).toBeVisible());
    expect(screen.queryByRole('button', { name: 'Reportar usuario' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bloquear' })).not.toBeInTheDocument();
  });

  it('nor to the member on their own public profile', async () => {
    const fetchMock = profileApi();
    renderApp('/user/9', { user: { ...TEST_USER, id: 9 } });
    expect(await screen.findByText('Este es tu perfil')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Reseñas recibidas' })).toBeVisible(),
    );
    expect(screen.queryByRole('button', { name: 'Bloquear' })).not.toBeInTheDocument();
    expect(() => requestTo(fetchMock, '/api/blocks')).toThrow();
  });
});
