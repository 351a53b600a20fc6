import type { Browser } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { PASSWORD, type Member } from './members';

/**
 * A client written to the spec's call table (section 7): exact paths, no paging parameters, a
 * bearer token from local storage (`Bearer null` when signed out), JSON bodies.
 */
export const specCall = async <T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  token: string | null,
  body?: unknown,
) => {
  const response = await fetch(`${E2E_BASE_URL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    total: response.headers.get('x-total-count'),
    body: (text ? JSON.parse(text) : null) as T,
  };
};

/**
 * The spec's real-time send: in a browser at the product's origin, sign in with the spec's
 * login call (which sets the session cookie), connect to /ws with only the `username` and
 * `userId` headers and heart-beats off, and SEND each message to /app/chat.private with
 * `{ senderId, receiverId, content, timestamp }`, waiting for the server's receipt of each.
 */
export const sendAsSpecClient = async (
  browser: Browser,
  from: Member,
  receiverId: number,
  contents: readonly string[],
) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${E2E_BASE_URL}/verification-pending`);
  await page.evaluate(
    async ({ email, password, senderId, receiverId, contents }) => {
      const login = await fetch('/api/auth/login', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!login.ok) throw new Error(`login ${login.status}`);
      const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws`);
      let buffer = '';
      type Waiter = {
        test: (frame: string) => boolean;
        done: () => void;
        fail: (e: Error) => void;
      };
      const waiting: Waiter[] = [];
      socket.addEventListener('message', (event) => {
        buffer += String(event.data);
        let end = buffer.indexOf('\0');
        while (end >= 0) {
          const frame = buffer.slice(0, end).replace(/^\n+/, '');
          buffer = buffer.slice(end + 1);
          for (const waiter of waiting.filter((w) => frame.startsWith('ERROR') || w.test(frame))) {
            waiting.splice(waiting.indexOf(waiter), 1);
            if (frame.startsWith('ERROR')) waiter.fail(new Error(frame));
            else waiter.done();
          }
          end = buffer.indexOf('\0');
        }
      });
      const next = (test: (frame: string) => boolean) =>
        new Promise<void>((done, fail) => waiting.push({ test, done, fail }));
      await new Promise((open) => socket.addEventListener('open', open, { once: true }));
      const connected = next((frame) => frame.startsWith('CONNECTED'));
      socket.send(
        `CONNECT\naccept-version:1.2\nhost:${location.host}\nheart-beat:0,0\nusername:${email}\nuserId:${senderId}\n\n\0`,
      );
      await connected;
      for (const [index, content] of contents.entries()) {
        const receipt = next(
          (frame) => frame.startsWith('RECEIPT') && frame.includes(`:m${index}`),
        );
        const body = JSON.stringify({
          senderId,
          receiverId,
          content,
          timestamp: new Date().toISOString(),
        });
        socket.send(
          `SEND\ndestination:/app/chat.private\ncontent-type:application/json\nreceipt:m${index}\n\n${body}\0`,
        );
        await receipt;
      }
      socket.close();
    },
    { email: from.email, password: PASSWORD, senderId: from.id, receiverId, contents },
  );
  await context.close();
};
