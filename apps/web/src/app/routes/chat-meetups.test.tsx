import type { ChatMessage, ChatUser } from '@unimercado/shared/chat';
import type { Meetup } from '@unimercado/shared/schemas/meetups';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaQueryList } from '@/testing/media-query';
import { fakeStomp } from '@/testing/fake-stomp';
import { jsonResponse, mockFetch, renderApp, requestTo, TEST_USER } from '@/testing/test-utils';

const ME = TEST_USER.id;
const PEDRO_ID = 8;
const STARTS_AT = new Date(Date.now() + 26 * 60 * 60 * 1000).toISOString();
const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();

const meetup = (proposerId: number, state: Meetup['state'] = 'proposed'): Meetup => ({
  id: 31,
  handoffId: 12,
  proposerId,
  spot: { id: 4, name: 'Entrada de la biblioteca central', area: 'Biblioteca central' },
  startsAt: STARTS_AT,
  state,
  createdAt: at(30),
});

const proposalMessage = (proposal: Meetup): ChatMessage => ({
  id: 5,
  senderId: proposal.proposerId,
  receiverId: proposal.proposerId === ME ? PEDRO_ID : ME,
  content: 'Propuesta de encuentro: Entrada de la biblioteca central (Biblioteca central).',
  createdAt: at(30),
  timestamp: at(30),
  read: true,
  meetup: proposal,
});

const PEDRO: ChatUser = {
  id: PEDRO_ID,
  name: 'Pedro Gómez',
  email: 'pedro@uni.edu',
  lastMessage: null,
  unreadCount: 0,
};

const chatApi = (proposal: Meetup) =>
  mockFetch({
    'GET /api/chat/users': () => jsonResponse(200, [PEDRO], { 'X-Total-Count': '1' }),
    'GET /api/chat/messages': () => jsonResponse(200, [proposalMessage(proposal)]),
    'PUT /api/chat/messages/read': () => jsonResponse(200, { updated: 0 }),
    'GET /api/notifications/count': () => jsonResponse(200, { unread: 0, read: 0 }),
    'GET /api/handoffs': () => jsonResponse(200, []),
    'POST /api/meetups/31/accept': () => jsonResponse(200, { ...proposal, state: 'accepted' }),
    'POST /api/meetups/31/decline': () =>
      jsonResponse(409, {
        error: 'Esta propuesta ya fue respondida o reemplazada.',
        message: 'Esta propuesta ya fue respondida o reemplazada.',
        code: 'CONFLICT',
      }),
  });

beforeEach(() => {
  fakeStomp.reset();
  vi.stubGlobal('matchMedia', (query: string) => fakeMediaQueryList(query, false));
});

const openConversation = async () => {
  const user = userEvent.setup({ delay: null });
  renderApp(`/chat?userId=${PEDRO_ID}`, { user: TEST_USER });
  const card = await screen.findByRole(
    'article',
    { name: 'Propuesta de encuentro' },
    { timeout: 20_000 },
  );
  return { user, card };
};

// The first render loads the lazy route, the chat and the meet-up card's code.
describe('meet-up proposal card in the chat', { timeout: 40_000 }, () => {
  it('the receiver sees the spot and time with Aceptar, Rechazar and Proponer otro; accepting shows it', async () => {
    const fetchMock = chatApi(meetup(PEDRO_ID));
    const { user, card } = await openConversation();
    expect(within(card).getByText('Entrada de la biblioteca central')).toBeInTheDocument();
    expect(within(card).getByText('Biblioteca central')).toBeInTheDocument();
    expect(within(card).getByText('Pendiente de respuesta')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Rechazar' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Proponer otro' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Aceptar' }));
    expect(await within(card).findByText('Aceptada')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Aceptar' })).not.toBeInTheDocument();
    expect(requestTo(fetchMock, '/api/meetups/31/accept').method).toBe('POST');
  });

  it('a counter-proposal sends the day and time picked as campus time, and the chosen spot', async () => {
    const fetchMock = chatApi(meetup(PEDRO_ID));
    const spots = [
      { id: 4, name: 'Entrada de la biblioteca central', area: 'Biblioteca central' },
      { id: 5, name: 'Portería principal', area: 'Entrada principal del campus' },
    ];
    const { user, card } = await openConversation();
    const handlers = fetchMock.getMockImplementation()!;
    let sent: unknown;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
      if (url.pathname === '/api/meetup-spots') return jsonResponse(200, spots);
      if (url.pathname === '/api/handoffs/12/meetups' && init?.method === 'POST') {
        sent = JSON.parse(init.body as string);
        return jsonResponse(201, { ...meetup(TEST_USER.id), id: 32 });
      }
      return handlers(input, init);
    });
    await user.click(within(card).getByRole('button', { name: 'Proponer otro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proponer otro encuentro' });
    await user.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Punto de encuentro' }),
      '5',
    );
    const when = within(dialog).getByLabelText('Día y hora');
    // The campus (America/Bogota, UTC−5) wall time, whatever zone the test machine has.
    fireEvent.change(when, { target: { value: '2026-12-01T15:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar propuesta' }));
    await waitFor(() =>
      expect(sent).toEqual({ spotId: 5, startsAt: '2026-12-01T20:30:00.000Z', counterTo: 31 }),
    );
  });

  it('a refused answer says why in Spanish and keeps the buttons', async () => {
    chatApi(meetup(PEDRO_ID));
    const { user, card } = await openConversation();
    await user.click(within(card).getByRole('button', { name: 'Rechazar' }));
    expect(
      await within(card).findByText('Esta propuesta ya fue respondida o reemplazada.'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Aceptar' })).toBeEnabled();
  });

  it('the proposer sees the state only, no answer buttons', async () => {
    chatApi(meetup(ME));
    const { card } = await openConversation();
    expect(within(card).getByText('Pendiente de respuesta')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card).queryByRole('button', { name: 'Aceptar' })).not.toBeInTheDocument(),
    );
    expect(within(card).queryByRole('button', { name: 'Proponer otro' })).not.toBeInTheDocument();
  });
});
