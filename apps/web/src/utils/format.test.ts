// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatPrice, formatRating } from './format';

describe('formatPrice', () => {
  it('uses a dollar sign, thousands separators and no decimals', () => {
    expect(formatPrice(850000)).toBe('$ 850.000');
    expect(formatPrice(1250.6)).toBe('$ 1.251');
  });
});

describe('formatRating', () => {
  it('shows up to two decimals with a decimal comma', () => {
    expect(formatRating(4.5)).toBe('4,5');
    expect(formatRating(0)).toBe('0');
    expect(formatRating(Number.NaN)).toBe('0');
  });
});
