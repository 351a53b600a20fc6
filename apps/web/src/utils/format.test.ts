// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice, formatRating } from './format';

describe('formatPrice', () => {
  it('uses a dollar sign, thousands separators and no decimals', () => {
    expect(formatPrice(850000)).toBe('$ 850.000');
    expect(formatPrice(1250.6)).toBe('$ 1.251');
  });

  it('writes what Intl.NumberFormat writes for Colombian pesos', () => {
    const intl = new Intl.NumberFormat('es-CO', {
      style: 'currency',
      currency: 'COP',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    const values = [0, 0.4, 0.5, 1, 999, 1000, 1500.5, 9999.49, 85000, 850000, 1234567, 99999999];
    for (let i = 0; i < 200; i += 1) values.push(Math.round(Math.random() * 10 ** (i % 11)) / 10);
    // Negative amounts (never a price) as Intl writes them too, except a minus before $ 0.
    const negatives = values.filter((v) => v >= 0.5).map((v) => -v);
    for (const value of [...values, ...negatives]) {
      expect(formatPrice(value), String(value)).toBe(intl.format(value).replace(/\u00a0/g, ' '));
    }
  });
});

describe('formatRating', () => {
  it('shows up to two decimals with a decimal comma', () => {
    expect(formatRating(4.5)).toBe('4,5');
    expect(formatRating(0)).toBe('0');
    expect(formatRating(Number.NaN)).toBe('0');
  });

  it('writes what Intl.NumberFormat writes for every average of up to 300 ratings', () => {
    const intl = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });
    for (let count = 1; count <= 300; count += 1) {
      for (let sum = count; sum <= 5 * count; sum += 1) {
        expect(formatRating(sum / count), `${sum}/${count}`).toBe(intl.format(sum / count));
      }
    }
  });
});

describe('formatDate', () => {
  it('writes what Intl.DateTimeFormat writes, in the local time zone', () => {
    const intl = new Intl.DateTimeFormat('es-CO', { dateStyle: 'long' });
    expect(formatDate('2026-11-24T15:00:00.000Z')).toBe(
      intl.format(new Date('2026-11-24T15:00:00.000Z')),
    );
    for (let day = 0; day < 800; day += 1) {
      const date = new Date(Date.UTC(2025, 0, 1, (day * 7) % 24, 30) + day * 86_400_000);
      expect(formatDate(date.toISOString())).toBe(intl.format(date));
    }
    expect(formatDate('no es una fecha')).toBe('');
  });
});
