// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildChatContact, buildProductGreeting, readChatContact } from './chat-contact';

describe('chat contact hand-off (decisions 006 and 022)', () => {
  it('builds the link and state, and reads them back', () => {
    const { to, state } = buildChatContact({ id: 8, name: 'Pedro Gómez' }, '¡Hola Pedro!');
    expect(to).toBe('/chat?userId=8');
    expect(readChatContact(state, '?userId=8')).toEqual({
      userId: 8,
      name: 'Pedro Gómez',
      initialMessage: '¡Hola Pedro!',
      productId: null,
    });
  });

  it('carries the product the conversation is about in the URL (decision 099)', () => {
    const { to, state } = buildChatContact({ id: 8, name: 'Pedro Gómez' }, '¡Hola!', 31);
    expect(to).toBe('/chat?userId=8&productId=31');
    expect(readChatContact(state, '?userId=8&productId=31')?.productId).toBe(31);
    // After a reload, from the URL alone; junk is no product.
    expect(readChatContact(null, '?userId=8&productId=31')).toEqual({
      userId: 8,
      name: null,
      initialMessage: '',
      productId: 31,
    });
    expect(readChatContact(null, '?userId=8&productId=abc')?.productId).toBeNull();
    expect(readChatContact(null, '?productId=31')).toBeNull();
  });

  it('falls back to ?userId= alone (a reload), and ignores junk', () => {
    expect(readChatContact(null, '?userId=12')).toEqual({
      userId: 12,
      name: null,
      initialMessage: '',
      productId: null,
    });
    for (const search of [
      '',
      '?userId=abc',
      '?userId=0',
      '?userId=-3',
      '?userId=1e3',
      '?userId=99999999999',
    ]) {
      expect(readChatContact(undefined, search), search).toBeNull();
    }
    expect(readChatContact({ selectedUserId: 'x' }, '')).toBeNull();
  });

  it('greets a seller about a product', () => {
    expect(buildProductGreeting('Sara Vendedora', 'Calculadora Casio')).toBe(
      '¡Hola Sara! Me interesa tu producto "Calculadora Casio". ¿Sigue disponible?',
    );
    expect(buildProductGreeting('', 'Bici')).toBe(
      '¡Hola! Me interesa tu producto "Bici". ¿Sigue disponible?',
    );
  });
});
