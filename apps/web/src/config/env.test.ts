// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readAppName } from './env';

const pageWith = (head: string) =>
  new DOMParser().parseFromString(`<head>${head}</head>`, 'text/html');

describe('readAppName', () => {
  it('takes the name the server wrote into the page', () => {
    const doc = pageWith('<meta name="application-name" content="Mercado UdeA" />');
    expect(readAppName(doc, 'Otro')).toBe('Mercado UdeA');
  });

  it('falls back to the Vite setting, then to UniMercado', () => {
    expect(readAppName(pageWith(''), ' Feria U ')).toBe('Feria U');
    expect(readAppName(pageWith('<meta name="application-name" content=" " />'), undefined)).toBe(
      'UniMercado',
    );
    expect(readAppName(undefined, undefined)).toBe('UniMercado');
  });
});
