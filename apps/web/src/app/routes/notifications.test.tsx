import { DESTINATIONS } from '@unimercado/shared/chat';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '@unimercado/shared/schemas/notifications';
import { fakeStomp } from '@/testing/fake-stomp';
import { jsonResponse, mockFetch, renderApp, requestOf, TEST_USER } from '@/testing/test-utils';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const note = (
  id: number,
  typeId: number,
  message: string,
  read: boolean,
  minutes: number,
): Notification => ({
  id,
  userId: TEST_USER.id,
  typeId,
  message,
  read,
  createdAt: minutesAgo(minutes),
});

const UNREAD: Notification[] = [
  {
    ...note(3, 3, 'Has recibido una nueva oferta de $ 70.000', false, 0.2),
    link: '/my-products?offers=7',
  },
  { ...note(2, 1, 'Has recibido un mensaje de Pedro Gómez', false, 90), link: '/chat?userId=44' },
];
const READ: Notification[] = [note(1, 2, 'Tu oferta fue aceptada', true, 3 * 1440)];

const api = (state = { unread: [...UNREAD], read: [...READ] }) =>
  mockFetch({
    'GET /api/notifications': ({ url }) => {
      expect(url.searchParams.get('userId')).toBe(String(TEST_USER.id));
      const list = url.searchParams.get('read') === 'true' ? state.read : state.unread;
      return jsonResponse(200, list, { 'X-Total-Count': String(list.length) });
    },
    'GET /api/notifications/count': () =>
      jsonResponse(200, { unread: state.unread.length, read: state.read.length }),
    'PUT /api/notifications/read-all': () => {
      const marked = state.unread.splice(0).map((entry) => ({ ...entry, read: true }));
      state.read.unshift(...marked);
      return jsonResponse(200, { updated: marked.length });
    },
    'PUT /api/notifications/2/read': () => {
      const [marked] = state.unread.splice(1, 1);
      state.read.unshift({ ...marked!, read: true });
      return jsonResponse(200, { ...marked, read: true });
    },
  });

beforeEach(() => fakeStomp.reset());

describe('notifications page', () => {
  it('each notification opens what it is about, and is marked read on the way', async () => {
    const fetchMock = api();
    const { router } = renderApp('/notifications', { user: TEST_USER });
    const link = await screen.findByRole(
      'link',
      { name: /Has recibido un mensaje de Pedro Gómez/ },
      { timeout: 8_000 },
    );
    expect(link).toHaveAttribute('href', '/chat?userId=44');
    expect(screen.getByRole('link', { name: /Has recibido una nueva oferta/ })).toHaveAttribute(
      'href',
      '/my-products?offers=7',
    );
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    const calls = fetchMock.mock.calls.map((_, index) => requestOf(fetchMock, index));
    expect(
      calls.some((call) => call.method === 'PUT' && call.url === '/api/notifications/2/read'),
    ).toBe(true);
  });

  it('says one in the singular: 1 leída, 1 notificación', async () => {
    api({ unread: [UNREAD[0]!], read: [...READ] });
    renderApp('/notifications', { user: TEST_USER });
    expect(await screen.findByText('1 leída', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(await screen.findByText('Mostrando 1 de 1 notificación')).toBeInTheDocument();
  });

  it("'Marcar todas como leídas' marks every unread one", async () => {
    api();
    renderApp('/notifications', { user: TEST_USER });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Marcar todas como leídas' }, { timeout: 8_000 }),
    );
    expect(await screen.findByText('No hay notificaciones sin leer')).toBeInTheDocument();
    expect(await screen.findByText('0 sin leer')).toBeInTheDocument();
  });

  it('shows the counts, the unread list with icons and relative times, and the footer', async () => {
    api();
    renderApp('/notifications', { user: TEST_USER });
    // The first render loads the lazy route.
    expect(
      await screen.findByText('Has recibido un mensaje de Pedro Gómez', {}, { timeout: 8_000 }),
    ).toBeInTheDocument();
    // Titled like the other pages (issue 18).
    expect(screen.getByRole('heading', { level: 1, name: 'Notificaciones' })).toHaveClass(
      'MuiTypography-h2',
    );
    expect(await screen.findByText('2 sin leer')).toBeInTheDocument();
    expect(screen.getByText('1 leída')).toBeInTheDocument();
    expect(screen.getByText('Ahora mismo')).toBeInTheDocument();
    expect(screen.getByText('Hace 1 h')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Marcar leída' })).toHaveLength(2);
    expect(screen.getByText('Mostrando 2 de 2 notificaciones')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('(2) Notificaciones · UniMercado'));
  });

  it("'Marcar leída' updates after the call succeeds; the switch shows the read ones", async () => {
    const fetchMock = api();
    const user = userEvent.setup({ delay: null });
    renderApp('/notifications', { user: TEST_USER });
    const row = (await screen.findByText('Has recibido un mensaje de Pedro Gómez')).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Marcar leída' }));
    await waitFor(() =>
      expect(screen.queryByText('Has recibido un mensaje de Pedro Gómez')).not.toBeInTheDocument(),
    );
    expect(
      fetchMock.mock.calls.some((_, index) => {
        const request = requestOf(fetchMock, index);
        return request.url.includes('/2/read') && request.method === 'PUT';
      }),
    ).toBe(true);
    expect(await screen.findByText('1 sin leer')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Mostrar leídas' }));
    expect(await screen.findByText('Tu oferta fue aceptada')).toBeInTheDocument();
    expect(screen.getByText('Hace 3 días')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar leída' })).not.toBeInTheDocument();
  });

  it('says when a list is empty', async () => {
    api({ unread: [], read: [] });
    const user = userEvent.setup({ delay: null });
    renderApp('/notifications', { user: TEST_USER });
    expect(await screen.findByText('No hay notificaciones sin leer')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Mostrar leídas' }));
    expect(await screen.findByText('No hay notificaciones leídas')).toBeInTheDocument();
  });

  it('reports load and mark failures', async () => {
    mockFetch({
      'GET /api/notifications': () => jsonResponse(500, {}),
      'GET /api/notifications/count': () => jsonResponse(200, { unread: 1, read: 0 }),
    });
    renderApp('/notifications', { user: TEST_USER });
    expect(await screen.findByText('No se pudieron cargar las notificaciones')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it("shows 'Error al marcar como leída' when marking fails", async () => {
    mockFetch({
      'GET /api/notifications': () => jsonResponse(200, UNREAD, { 'X-Total-Count': '2' }),
      'GET /api/notifications/count': () => jsonResponse(200, { unread: 2, read: 0 }),
      'PUT /api/notifications/3/read': () => jsonResponse(500, {}),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/notifications', { user: TEST_USER });
    const row = (await screen.findByText(/nueva oferta/)).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Marcar leída' }));
    expect(await screen.findByText('Error al marcar como leída')).toBeInTheDocument();
  });
});

describe('the bell', () => {
  it('lights up when a notification is pushed live, with the count in the tab title', async () => {
    const state = {
      unread: [] as ReturnType<typeof note>[],
      read: [] as ReturnType<typeof note>[],
    };
    api(state);
    renderApp('/profile', { user: TEST_USER });
    const bell = await screen.findByRole('link', { name: 'Notificaciones' });
    await waitFor(() => expect(fakeStomp.transports).toHaveLength(1));
    expect(fakeStomp.transports[0]!.headers).toEqual({
      Authorization: 'Bearer test-token',
      username: TEST_USER.email,
      userId: String(TEST_USER.id),
    });
    await waitFor(() =>
      expect(fakeStomp.transports[0]!.subscribers.has(DESTINATIONS.userNotifications)).toBe(true),
    );
    const pushed = note(9, 3, 'Has recibido una nueva oferta...', false, 0);
    state.unread.push(pushed);
    act(() => fakeStomp.push(DESTINATIONS.userNotifications, pushed));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notificaciones (tienes sin leer)'));
    await waitFor(() => expect(document.title).toMatch(/^\(1\) /));
  });

  it('the chat icon shows how many messages are unread, and follows new ones live', async () => {
    let unread = 3;
    mockFetch({
      'GET /api/notifications': () => jsonResponse(200, [], { 'X-Total-Count': '0' }),
      'GET /api/notifications/count': () => jsonResponse(200, { unread: 0, read: 0 }),
      'GET /api/chat/unread': () => jsonResponse(200, { unread, conversations: 2 }),
    });
    renderApp('/notifications', { user: TEST_USER });
    const chat = await screen.findByRole('link', { name: 'Mensajes (3 sin leer)' });
    expect(within(chat).getByText('3')).toBeInTheDocument();
    await waitFor(() =>
      expect(fakeStomp.transports[0]?.subscribers.has(DESTINATIONS.userMessages)).toBe(true),
    );
    unread = 4;
    act(() =>
      fakeStomp.push(DESTINATIONS.userMessages, {
        id: 70,
        senderId: 44,
        receiverId: TEST_USER.id,
        content: 'Hola',
        createdAt: new Date().toISOString(),
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Mensajes (4 sin leer)' })).toBeInTheDocument(),
    );
  });
});

// A notification's link makes the router load the product page's parts lazily; the file must not
// end while that import is still under way (vitest reports it as an error after teardown).
afterAll(async () => {
  await import('@/features/products/components/seller-listings');
});
