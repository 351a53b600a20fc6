import { DESTINATIONS, type ChatMessage, type ChatUser } from '@unimercado/shared/chat';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaQueryList } from '@/testing/media-query';
import { fakeStomp } from '@/testing/fake-stomp';
import { jsonResponse, mockFetch, renderApp, requestOf, TEST_USER } from '@/testing/test-utils';

const ME = TEST_USER.id;
const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
const message = (
  id: number,
  senderId: number,
  receiverId: number,
  content: string,
  secondsAgo: number,
): ChatMessage => ({
  id,
  senderId,
  receiverId,
  content,
  createdAt: at(secondsAgo),
  timestamp: at(secondsAgo),
  read: senderId === ME,
});

const PEDRO: ChatUser = {
  id: 8,
  name: 'Pedro Gómez',
  email: 'pedro@uni.edu',
  lastMessage: message(2, 8, ME, '¿Sigue disponible?', 60),
  unreadCount: 1,
};

const chatApi = (overrides: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) =>
  mockFetch({
    'GET /api/chat/users': () => jsonResponse(200, [PEDRO], { 'X-Total-Count': '1' }),
    'GET /api/chat/messages': ({ url }) =>
      jsonResponse(
        200,
        url.searchParams.get('userId') === '8'
          ? [message(1, ME, 8, 'Hola Pedro', 120), message(2, 8, ME, '¿Sigue disponible?', 60)]
          : [],
      ),
    'PUT /api/chat/messages/read': () => jsonResponse(200, { updated: 1 }),
    'GET /api/notifications/count': () => jsonResponse(200, { unread: 0, read: 0 }),
    'GET /api/users/9': () =>
      jsonResponse(200, {
        id: 9,
        name: 'Lina Torres',
        email: 'lina@uni.edu',
        phone: null,
        roles: [],
      }),
    'GET /api/handoffs': () => jsonResponse(200, []),
    ...overrides,
  });

const useWidth = (width: number) =>
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    const matches = max ? width <= Number(max[1]) : min ? width >= Number(min[1]) : false;
    return fakeMediaQueryList(query, matches);
  });

beforeEach(() => fakeStomp.reset());

describe('chat page', () => {
  it('lists conversations, opens one with its history and marks it read', async () => {
    const fetchMock = chatApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/chat', { user: TEST_USER });
    // The first render loads the lazy route and the chat code.
    const list = await screen.findByRole('list', { name: 'Conversaciones' }, { timeout: 8_000 });
    expect(within(list).getByText('Pedro Gómez')).toBeInTheDocument();
    expect(within(list).getByLabelText('1 sin leer')).toBeInTheDocument();
    expect(screen.getByText('Elige una conversación para empezar a chatear.')).toBeInTheDocument();
    await user.click(within(list).getByText('Pedro Gómez'));
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('¿Sigue disponible?')).toBeInTheDocument();
    expect(within(log).getByText('Hola Pedro')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some((_, index) => {
          const request = requestOf(fetchMock, index);
          return request.url.includes('/chat/messages/read?userId=8') && request.method === 'PUT';
        }),
      ).toBe(true),
    );
  });

  it('shows the history in reading order: newest at the bottom, older pages loaded above', async () => {
    const fetchMock = chatApi({
      'GET /api/chat/messages': ({ url }) =>
        url.searchParams.get('before') === '3'
          ? jsonResponse(200, [
              message(1, 8, ME, 'Primero', 400),
              message(2, ME, 8, 'Segundo', 300),
            ])
          : jsonResponse(
              200,
              [message(3, 8, ME, 'Tercero', 200), message(4, ME, 8, 'Cuarto', 100)],
              { 'X-Next-Cursor': '3', 'X-Total-Count': '4' },
            ),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/chat?userId=8', { user: TEST_USER });
    const log = await screen.findByRole('log', {}, { timeout: 8_000 });
    const order = () =>
      within(log)
        .getAllByText(/^(Primero|Segundo|Tercero|Cuarto)$/)
        .map((node) => node.textContent);
    await within(log).findByText('Cuarto');
    expect(order()).toEqual(['Tercero', 'Cuarto']);
    await user.click(within(log).getByRole('button', { name: 'Cargar mensajes anteriores' }));
    await within(log).findByText('Primero');
    expect(order()).toEqual(['Primero', 'Segundo', 'Tercero', 'Cuarto']);
    // The web app pages explicitly, and its list asks only for the conversations.
    const calls = fetchMock.mock.calls.map((_, index) => requestOf(fetchMock, index).url);
    expect(calls).toContainEqual(
      expect.stringMatching(/\/chat\/users\?scope=conversations&page=0&size=100$/),
    );
    expect(calls.filter((url) => url.includes('/chat/messages?'))).toEqual([
      expect.stringMatching(/userId=8.*size=30/),
      expect.stringMatching(/userId=8.*before=3.*size=30/),
    ]);
  });

  it("shows each message's campus time, the hour without a leading zero", async () => {
    // 9:01 p. m. in Bogotá is 2:01 a. m. of the next day in UTC, the test machine's zone.
    const late = { ...message(3, 8, ME, 'Paso mañana', 0), createdAt: '2026-11-25T02:01:00.000Z' };
    chatApi({ 'GET /api/chat/messages': () => jsonResponse(200, [late]) });
    renderApp('/chat?userId=8', { user: TEST_USER });
    const log = await screen.findByRole('log', {}, { timeout: 8_000 });
    expect(await within(log).findByText('Paso mañana')).toBeInTheDocument();
    expect(within(log).getByText('9:01 p. m.')).toBeInTheDocument();
  });

  it('sends: disabled while blank, a temporary message replaced by the real one', async () => {
    chatApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/chat?userId=8', { user: TEST_USER });
    expect(await screen.findByText('Conectado')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Enviar' });
    const box = screen.getByRole('textbox', { name: 'Mensaje' });
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.clear(box);
    await user.type(box, 'Te la dejo en 70');
    await user.click(send);
    const [published] = fakeStomp.published.filter(
      (frame) => frame.destination === '/app/chat.private',
    );
    expect(published).toMatchObject({
      destination: DESTINATIONS.chatPrivate,
      body: { senderId: ME, receiverId: 8, content: 'Te la dejo en 70' },
    });
    const log = screen.getByRole('log');
    expect(within(log).getByText('Enviando...')).toBeInTheDocument();
    expect(box).toHaveValue('');
    act(() => fakeStomp.push(DESTINATIONS.userMessages, message(50, ME, 8, 'Te la dejo en 70', 0)));
    await waitFor(() => expect(within(log).queryByText('Enviando...')).not.toBeInTheDocument());
    expect(within(log).getAllByText('Te la dejo en 70')).toHaveLength(1);
    // A duplicate push (same id) is ignored; a message from Pedro appears live.
    act(() => {
      fakeStomp.push(DESTINATIONS.userMessages, message(50, ME, 8, 'Te la dejo en 70', 0));
      fakeStomp.push(DESTINATIONS.userMessages, message(51, 8, ME, 'Trato hecho', 0));
    });
    expect(await within(log).findByText('Trato hecho')).toBeInTheDocument();
    expect(within(log).getAllByText('Te la dejo en 70')).toHaveLength(1);
  });

  it('a refusal from the server drops the temporary message and says why', async () => {
    chatApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/chat?userId=8', { user: TEST_USER });
    expect(await screen.findByText('Conectado')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Mensaje' }), 'hola');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const { receipt } = fakeStomp.published.find(
      (frame) => frame.destination === '/app/chat.private',
    )!.headers;
    act(() =>
      fakeStomp.push(DESTINATIONS.userErrors, {
        code: 'EMAIL_NOT_VERIFIED',
        error: 'Debes verificar tu email para usar esta función.',
        message: 'Debes verificar tu email para usar esta función.',
        receiptId: receipt,
      }),
    );
    expect(
      await screen.findByText('Debes verificar tu email para usar esta función.'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('log')).queryByText('Enviando...')).not.toBeInTheDocument();
  });

  it("while disconnected, sending is disabled and Enter says 'WebSocket no está conectado'", async () => {
    fakeStomp.connects = false;
    chatApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/chat?userId=8', { user: TEST_USER });
    expect(await screen.findByText('Conectando...')).toBeInTheDocument();
    const box = await screen.findByRole('textbox', { name: 'Mensaje' });
    await user.type(box, 'hola');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await user.type(box, '{Enter}');
    expect(await screen.findByText('WebSocket no está conectado')).toBeInTheDocument();
    expect(box).toHaveValue('hola');
  });

  it('preselects a contact from a profile with the greeting, even without a prior conversation', async () => {
    chatApi();
    renderApp('/chat?userId=9', {
      user: TEST_USER,
      state: {
        selectedUserId: 9,
        selectedUserName: 'Lina Torres',
        initialMessage: '¡Hola Lina! Vi tu perfil en UniMercado y me gustaría hablar contigo.',
      },
    });
    const list = await screen.findByRole('list', { name: 'Conversaciones' });
    expect(within(list).getByText('Lina Torres')).toBeInTheDocument();
    expect(within(list).getByText('Pedro Gómez')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Mensaje' })).toHaveValue(
      '¡Hola Lina! Vi tu perfil en UniMercado y me gustaría hablar contigo.',
    );
    expect(screen.getByText('Todavía no hay mensajes. ¡Escribe el primero!')).toBeInTheDocument();
  });

  it('after a reload (only ?userId=) the contact is looked up by id', async () => {
    chatApi();
    renderApp('/chat?userId=9', { user: TEST_USER });
    const list = await screen.findByRole('list', { name: 'Conversaciones' });
    expect(await within(list).findByText('Lina Torres')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toHaveValue('');
  });

  it('at 650px or less shows one view at a time with a back button', async () => {
    useWidth(390);
    chatApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/chat', { user: TEST_USER, width: 390 });
    const list = await screen.findByRole('list', { name: 'Conversaciones' });
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
    await user.click(within(list).getByText('Pedro Gómez'));
    expect(await screen.findByRole('log')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Conversaciones' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volver a la lista' }));
    expect(await screen.findByRole('list', { name: 'Conversaciones' })).toBeInTheDocument();
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
  });

  it("shows 'Error al cargar usuarios' and 'Error al cargar mensajes' with Reintentar", async () => {
    chatApi({
      'GET /api/chat/users': () => jsonResponse(500, {}),
      'GET /api/chat/messages': () => jsonResponse(500, {}),
    });
    renderApp('/chat?userId=8', {
      user: TEST_USER,
      state: { selectedUserId: 8, selectedUserName: 'Pedro Gómez', initialMessage: '' },
    });
    expect(await screen.findByText('Error al cargar usuarios')).toBeInTheDocument();
    expect(await screen.findByText('Error al cargar mensajes')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Reintentar' }).length).toBeGreaterThanOrEqual(2);
  });

  it('renders messages as text and links only to this site', async () => {
    chatApi({
      'GET /api/chat/messages': () =>
        jsonResponse(200, [
          message(
            3,
            8,
            ME,
            `<img src=x onerror=alert(1)> mira ${window.location.origin}/products/4 o https://evil.example/pago`,
            10,
          ),
        ]),
    });
    renderApp('/chat?userId=8', { user: TEST_USER });
    const log = await screen.findByRole('log');
    expect(await within(log).findByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(log.querySelector('img')).toBeNull();
    // The message's own links (the safety reminder under it links to the tips page).
    const links = within(log)
      .getAllByRole('link')
      .filter((link) => link.textContent !== 'Consejos de seguridad');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/products/4');
  });

  it('under a received message that asks to pay ahead or leave the app, shows the safety reminder', async () => {
    chatApi({
      'GET /api/chat/messages': () =>
        jsonResponse(200, [
          message(1, ME, 8, 'Te paso mi Nequi: págame antes, mi número es 300 123 4567', 9),
          message(2, 8, ME, 'Hola, ¿sigue disponible?', 10),
          message(3, 8, ME, 'Págame antes por Nequi y escríbeme al WhatsApp', 11),
        ]),
    });
    renderApp('/chat?userId=8', { user: TEST_USER });
    const log = await screen.findByRole('log');
    await within(log).findByText('Págame antes por Nequi y escríbeme al WhatsApp');
    // Once: for the partner's message, not for my own nor for the harmless one.
    expect(within(log).getAllByText('Cuida tu compra')).toHaveLength(1);
    expect(
      within(log).getByText(
        'Nunca pagues por adelantado: paga solo cuando tengas el producto en la mano.',
      ),
    ).toBeInTheDocument();
    expect(within(log).getByRole('link', { name: 'Consejos de seguridad' })).toHaveAttribute(
      'href',
      '/consejos-de-seguridad',
    );
    expect(within(log).getByRole('button', { name: 'Reportar' })).toBeInTheDocument();
  });

  it('is titled like the other pages, and a person has one avatar colour in the list and the conversation', async () => {
    chatApi();
    renderApp('/chat?userId=8', { user: TEST_USER });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Mensajes' });
    expect(heading).toHaveClass('MuiTypography-h2');
    const avatars = await waitFor(() => {
      const found = screen.getAllByText('PG').map((text) => text.closest('.MuiAvatar-root'));
      expect(found).toHaveLength(2);
      return found as HTMLElement[];
    });
    const colours = avatars.map((avatar) => getComputedStyle(avatar).backgroundColor);
    expect(colours[0]).toBeTruthy();
    expect(colours[1]).toBe(colours[0]);
  });
});
