import type { ChatMessage, ChatUser } from '@unimercado/shared/chat';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeStomp } from '@/testing/fake-stomp';
import { jsonResponse, mockFetch, renderApp, requestOf, TEST_USER } from '@/testing/test-utils';

const ME = TEST_USER.id;
const message = (id: number, senderId: number, content: string): ChatMessage => ({
  id,
  senderId,
  receiverId: senderId === ME ? 8 : ME,
  content,
  createdAt: '2026-02-01T10:00:00Z',
  timestamp: '2026-02-01T10:00:00Z',
  read: true,
});
const PEDRO: ChatUser = {
  id: 8,
  name: 'Pedro Gómez',
  email: 'pedro@uni.edu',
  lastMessage: message(2, 8, '¿Sigue disponible?'),
  unreadCount: 0,
};

/** The chat with Pedro; `state` is where the signed-in member stands with him (decision 081). */
const chatApi = (state: { isBlockedByMe: boolean; isClosed: boolean }) => {
  let current = state;
  return mockFetch({
    'GET /api/chat/users': () => jsonResponse(200, [PEDRO], { 'X-Total-Count': '1' }),
    'GET /api/chat/messages': () =>
      jsonResponse(200, [message(1, ME, 'Hola Pedro'), message(2, 8, '¿Sigue disponible?')]),
    'GET /api/notifications/count': () => jsonResponse(200, { unread: 0, read: 0 }),
    'GET /api/blocks/8': () => jsonResponse(200, { userId: 8, ...current }),
    'DELETE /api/blocks/8': () => {
      current = { isBlockedByMe: false, isClosed: false };
      return new Response(null, { status: 204 });
    },
    'POST /api/reports': () =>
      jsonResponse(201, {
        id: 1,
        targetType: 'message',
        targetId: 2,
        reason: 'spam',
        details: null,
        status: 'open',
        createdAt: '2026-02-01T11:00:00Z',
      }),
  });
};

beforeEach(() => fakeStomp.reset());

describe('chat: closed conversations and reporting a message', () => {
  it('replaces the composer with a notice when the other member blocked the conversation', async () => {
    chatApi({ isBlockedByMe: false, isClosed: true });
    renderApp('/chat?userId=8', { user: TEST_USER });
    const title = await screen.findByText('Conversación cerrada', {}, { timeout: 20_000 });
    const notice = title.closest<HTMLElement>('[role="status"]')!;
    expect(notice).toHaveTextContent(
      'Ya no es posible enviar mensajes ni ofertas en esta conversación.',
    );
    expect(within(notice).queryByRole('button', { name: 'Desbloquear' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Mensaje' })).not.toBeInTheDocument();
    // The history stays readable.
    expect(within(screen.getByRole('log')).getByText('Hola Pedro')).toBeInTheDocument();
  });

  it("the blocker's notice offers Desbloquear, which brings the composer back", async () => {
    chatApi({ isBlockedByMe: true, isClosed: true });
    const user = userEvent.setup({ delay: null });
    renderApp('/chat?userId=8', { user: TEST_USER });
    const title = await screen.findByText('Conversación cerrada', {}, { timeout: 20_000 });
    const notice = title.closest<HTMLElement>('[role="status"]')!;
    expect(notice).toHaveTextContent(/Bloqueaste a este usuario/);
    await user.click(within(notice).getByRole('button', { name: 'Desbloquear' }));
    expect(await screen.findByRole('textbox', { name: 'Mensaje' })).toBeInTheDocument();
    expect(screen.queryByText('Conversación cerrada')).not.toBeInTheDocument();
  });

  it('an open conversation keeps its composer; a received message can be reported', async () => {
    const fetchMock = chatApi({ isBlockedByMe: false, isClosed: false });
    const user = userEvent.setup({ delay: null });
    renderApp('/chat?userId=8', { user: TEST_USER });
    const log = await screen.findByRole('log', {}, { timeout: 20_000 });
    await within(log).findByText('¿Sigue disponible?');
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toBeInTheDocument();
    // Only the message received has the button, not the one sent.
    const buttons = within(log).getAllByRole('button', { name: 'Reportar mensaje' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Reportar' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam o publicidad' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reporte' }));
    await within(dialog).findByText('Gracias por tu reporte. Lo revisaremos pronto.');
    await waitFor(() => {
      const posted = fetchMock.mock.calls
        .map((_, index) => requestOf(fetchMock, index))
        .filter((request) => request.method === 'POST');
      expect(posted.map((request) => request.body)).toEqual([
        { targetType: 'message', targetId: 2, reason: 'spam', details: null },
      ]);
    });
  });
});
