import type { ModerationGroup, ModerationLogEntry } from '@unimercado/shared/schemas/safety';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  mockFetch,
  renderApp,
  requestOf,
  TEST_ADMIN,
  TEST_USER,
} from '@/testing/test-utils';

const LISTING: ModerationGroup = {
  targetType: 'product',
  targetId: 31,
  count: 2,
  latestAt: '2026-02-02T15:00:00Z',
  member: { id: 7, name: 'Vendedor Dudoso' },
  product: { id: 31, title: 'Celular sin factura', price: 850000, hidden: false },
  message: null,
  conversation: [],
  reports: [
    {
      id: 1,
      reporterId: 4,
      reporterName: 'Ana Ruiz',
      reason: 'scam',
      details: 'Pide pago por adelantado',
      createdAt: '2026-02-02T14:00:00Z',
    },
    {
      id: 2,
      reporterId: 5,
      reporterName: 'Beto Paz',
      reason: 'misleading',
      details: null,
      createdAt: '2026-02-02T15:00:00Z',
    },
  ],
};

const line = (id: number, senderId: number, receiverId: number, content: string) => ({
  id,
  senderId,
  receiverId,
  content,
  createdAt: '2026-02-01T10:00:00Z',
});
const MESSAGE: ModerationGroup = {
  targetType: 'message',
  targetId: 52,
  count: 1,
  latestAt: '2026-02-01T11:00:00Z',
  member: { id: 7, name: 'Vendedor Dudoso' },
  product: null,
  message: line(52, 7, 4, 'Mándame el dinero por Nequi'),
  conversation: [
    line(51, 4, 7, 'Hola, ¿sigue disponible?'),
    line(52, 7, 4, 'Mándame el dinero por Nequi'),
    line(53, 4, 7, 'Prefiero en persona'),
  ],
  reports: [
    {
      id: 3,
      reporterId: 4,
      reporterName: 'Ana Ruiz',
      reason: 'scam',
      details: null,
      createdAt: '2026-02-01T11:00:00Z',
    },
  ],
};

const LOG: ModerationLogEntry[] = [
  {
    id: 9,
    action: 'suspend',
    targetType: 'user',
    targetId: 8,
    admin: { id: 1, name: 'Admin Central' },
    member: { id: 8, name: 'Carlos Mora' },
    reason: 'Estafa comprobada',
    until: '2026-02-09T12:00:00Z',
    createdAt: '2026-02-02T12:00:00Z',
  },
  {
    id: 8,
    action: 'autoHide',
    targetType: 'product',
    targetId: 30,
    admin: null,
    member: { id: 7, name: 'Vendedor Dudoso' },
    reason: 'Ocultada en espera de revisión: 3 o más reportes abiertos.',
    until: null,
    createdAt: '2026-02-01T12:00:00Z',
  },
];

const moderationApi = () => {
  let queue = [LISTING, MESSAGE];
  return mockFetch({
    'GET /api/moderation/reports': () => jsonResponse(200, queue),
    'GET /api/moderation/log': () => jsonResponse(200, LOG),
    'GET /api/handoffs/no-shows': () =>
      jsonResponse(200, [
        {
          userId: 8,
          name: 'Carlos Mora',
          email: 'carlos@uni.edu',
          count: 3,
          lastAt: '2026-02-01T09:00:00Z',
        },
      ]),
    'POST /api/moderation/actions': ({ body }) => {
      queue = queue.filter((group) => group.targetId !== (body as { targetId: number }).targetId);
      return jsonResponse(201, { ...LOG[0], id: 10, action: 'hideListing' });
    },
    'GET /api/notifications/count': () => jsonResponse(200, { unread: 0, read: 0 }),
  });
};

describe('/admin-panel/moderacion', () => {
  it('is refused to a member who is not an admin', async () => {
    mockFetch({});
    renderApp('/admin-panel/moderacion', { user: TEST_USER });
    expect(
      await screen.findByRole(
        'heading',
        { name: 'No estás autorizado para acceder a esta página.' },
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
  });

  it('groups the reports by target with counts, the listing and the message in its conversation', async () => {
    moderationApi();
    renderApp('/admin-panel/moderacion', { user: TEST_ADMIN });
    const [listing, message] = await screen.findAllByRole('article', {}, { timeout: 20_000 });
    if (!listing || !message) throw new Error('two groups expected');
    expect(within(listing).getByText('2 reportes')).toBeInTheDocument();
    expect(within(listing).getByRole('link', { name: 'Celular sin factura' })).toHaveAttribute(
      'href',
      '/products/31',
    );
    expect(within(listing).getByText('Estafa o fraude')).toBeInTheDocument();
    expect(within(listing).getByText(/Pide pago por adelantado/)).toBeInTheDocument();
    expect(within(listing).getByText(/Reportado por Beto Paz/)).toBeInTheDocument();
    expect(within(listing).getByRole('button', { name: 'Ocultar publicación' })).toBeVisible();
    expect(within(listing).queryByRole('button', { name: 'Eliminar mensaje' })).toBeNull();

    expect(screen.getAllByRole('article')).toHaveLength(2);
    const conversation = within(message).getByRole('list', { name: 'Conversación' });
    const lines = within(conversation).getAllByRole('listitem');
    expect(lines.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Hola, ¿sigue disponible?'),
      expect.stringContaining('Mándame el dinero por Nequi'),
      expect.stringContaining('Prefiero en persona'),
    ]);
    expect(lines[1]).toHaveAttribute('aria-current', 'true');
    expect(lines[0]).toHaveTextContent(/^Ana Ruiz/);
    for (const name of ['Eliminar mensaje', 'Advertir al usuario', 'Suspender al usuario']) {
      expect(within(message).getByRole('button', { name })).toBeVisible();
    }
    expect(screen.getByRole('tab', { name: /Reportes/ })).toHaveTextContent('2');
  });

  it('asks for the reason before hiding a listing, then takes it out of the queue', async () => {
    const fetchMock = moderationApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/admin-panel/moderacion', { user: TEST_ADMIN });
    const listing = (await screen.findAllByRole('article', {}, { timeout: 20_000 }))[0]!;
    await user.click(within(listing).getByRole('button', { name: 'Ocultar publicación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ocultar publicación' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(within(dialog).getByText('Escribe el motivo de la acción.')).toBeVisible();
    const posts = () =>
      fetchMock.mock.calls
        .map((_, index) => requestOf(fetchMock, index))
        .filter((request) => request.method === 'POST');
    expect(posts()).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Venta prohibida');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts().map((request) => request.body)).toEqual([
      { targetType: 'product', targetId: 31, action: 'hideListing', reason: 'Venta prohibida' },
    ]);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(await screen.findByText('Acción registrada')).toBeInTheDocument();
  });

  it('suspends for the period chosen', async () => {
    const fetchMock = moderationApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/admin-panel/moderacion', { user: TEST_ADMIN });
    const message = (await screen.findAllByRole('article', {}, { timeout: 20_000 }))[1]!;
    await user.click(within(message).getByRole('button', { name: 'Suspender al usuario' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Suspender al usuario: Vendedor Dudoso',
    });
    await user.click(within(dialog).getByRole('radio', { name: '30 días' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Estafa');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls
      .map((_, index) => requestOf(fetchMock, index))
      .find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      targetType: 'message',
      targetId: 52,
      action: 'suspend',
      reason: 'Estafa',
      days: 30,
    });
  });

  it('shows the audit log (who, when, why) and the no-shows', async () => {
    moderationApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/admin-panel/moderacion', { user: TEST_ADMIN });
    await user.click(await screen.findByRole('tab', { name: 'Registro' }, { timeout: 20_000 }));
    const log = await screen.findByRole('list', { name: 'Registro' });
    const entries = within(log).getAllByRole('listitem');
    expect(entries[0]).toHaveTextContent('Suspender al usuario');
    expect(entries[0]).toHaveTextContent('Motivo: Estafa comprobada');
    expect(entries[0]).toHaveTextContent(/Por Admin Central · .* · Hasta el /);
    expect(entries[1]).toHaveTextContent('Ocultada automáticamente por varios reportes');
    expect(entries[1]).toHaveTextContent(/Por Sistema/);

    await user.click(screen.getByRole('tab', { name: 'Ausencias' }));
    const noShows = await screen.findByRole('list', { name: 'Ausencias' });
    expect(within(noShows).getByText('Carlos Mora')).toBeInTheDocument();
    expect(within(noShows).getByText('3 ausencias')).toBeInTheDocument();
  });

  it('is linked from the admin panel', async () => {
    mockFetch({
      'GET /api/users': () => jsonResponse(200, [], { 'X-Total-Count': '0' }),
      'GET /api/notifications/count': () => jsonResponse(200, { unread: 0, read: 0 }),
    });
    renderApp('/admin-panel', { user: TEST_ADMIN });
    expect(
      await screen.findByRole('link', { name: 'Moderación' }, { timeout: 20_000 }),
    ).toHaveAttribute('href', '/admin-panel/moderacion');
  });
});
