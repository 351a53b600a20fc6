// @vitest-environment node
import type { ChatMessage } from '@unimercado/shared/chat';
import { describe, expect, it } from 'vitest';
import {
  addTemporary,
  createTemporaryMessage,
  expireTemporary,
  isDuplicate,
  mergeHistory,
  receiveMessage,
} from './chat-messages';
import { splitMessage } from './linkify';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const real = (
  id: number,
  content: string,
  atMs: number,
  senderId = 1,
  receiverId = 2,
): ChatMessage => {
  const iso = new Date(atMs).toISOString();
  return { id, senderId, receiverId, content, createdAt: iso, timestamp: iso, read: false };
};

describe('temporary messages (spec section 4)', () => {
  it('are replaced by the real message with the same content, sender and receiver', () => {
    const temp = createTemporaryMessage({ senderId: 1, receiverId: 2, content: 'Hola' }, T0);
    let list = addTemporary([], temp);
    expect(list[0]).toMatchObject({ temporary: true, content: 'Hola' });
    list = receiveMessage(list, real(10, 'Hola', T0 + 300));
    expect(list).toEqual([real(10, 'Hola', T0 + 300)]);
  });

  it('a message from someone else does not replace it', () => {
    const temp = createTemporaryMessage({ senderId: 1, receiverId: 2, content: 'Hola' }, T0);
    const list = receiveMessage([temp], real(11, 'Hola', T0 + 100, 2, 1));
    expect(list.map((m) => [m.id, m.temporary ?? false])).toEqual([
      [temp.id, true],
      [11, false],
    ]);
  });

  it('are dropped after 10 s, not before', () => {
    const temp = createTemporaryMessage({ senderId: 1, receiverId: 2, content: 'x' }, T0);
    const kept = real(1, 'y', T0 - 60_000);
    expect(expireTemporary([kept, temp], T0 + 10_000).expired).toEqual([]);
    const { list, expired } = expireTemporary([kept, temp], T0 + 10_001);
    expect(list).toEqual([kept]);
    expect(expired).toEqual([temp]);
  });
});

describe('de-duplication (spec section 4)', () => {
  it('ignores the same id', () => {
    const list = [real(5, 'Hola', T0)];
    expect(isDuplicate(list, real(5, 'Otra cosa', T0 + 60_000))).toBe(true);
    expect(receiveMessage(list, real(5, 'Hola', T0))).toBe(list);
  });

  it('ignores the same content and parties within 5 s, not after', () => {
    const list = [real(5, 'Hola', T0)];
    expect(isDuplicate(list, real(6, 'Hola', T0 + 5_000))).toBe(true);
    expect(isDuplicate(list, real(6, 'Hola', T0 + 5_001))).toBe(false);
    expect(isDuplicate(list, real(6, 'Hola', T0 + 1_000, 2, 1))).toBe(false);
    expect(isDuplicate(list, real(6, 'Adiós', T0 + 1_000))).toBe(false);
  });

  it('keeps time order', () => {
    const list = receiveMessage([real(2, 'b', T0 + 1000)], real(1, 'a', T0));
    expect(list.map((m) => m.content)).toEqual(['a', 'b']);
  });
});

describe('mergeHistory', () => {
  it('merges the history in reading order and live messages oldest first, once each', () => {
    const history = [real(1, 'a', T0), real(2, 'b', T0 + 2000), real(3, 'c', T0 + 3000)];
    const live = [real(3, 'c', T0 + 3000), real(4, 'd', T0 + 4000)];
    expect(mergeHistory(history, live).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('hides a temporary message once the history holds the real one', () => {
    const temp = createTemporaryMessage({ senderId: 1, receiverId: 2, content: 'Hola' }, T0);
    expect(mergeHistory([real(9, 'Hola', T0 + 200)], [temp]).map((m) => m.id)).toEqual([9]);
  });
});

describe('splitMessage: text only, links only to this site', () => {
  const origin = 'https://unimercado.example';
  it('makes links of this site clickable', () => {
    expect(splitMessage('Mira https://unimercado.example/products/4?x=1.', origin)).toEqual([
      { kind: 'text', text: 'Mira ' },
      { kind: 'link', text: 'https://unimercado.example/products/4?x=1', path: '/products/4?x=1' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves other sites, look-alikes and HTML as plain text', () => {
    for (const text of [
      'Entra a https://evil.example/login',
      'https://unimercado.example.evil.example/x',
      'javascript:alert(1)',
      '<a href="https://unimercado.example">x</a>',
      '<img src=x onerror=alert(1)>',
    ]) {
      const parts = splitMessage(text, origin);
      expect(parts.map((p) => p.text).join('')).toBe(text);
      expect(parts.filter((p) => p.kind === 'link' && !p.path.startsWith('/'))).toEqual([]);
    }
    expect(splitMessage('https://evil.example/x', origin)).toEqual([
      { kind: 'text', text: 'https://evil.example/x' },
    ]);
  });
});
