import { describe, expect, it } from 'vitest';
import { checkOffer, formatDiscount, parseOfferPrice } from './offer-rules';

describe('offer rules (spec section 5)', () => {
  it('reads plain prices, with a decimal point or comma, ignoring $ and spaces', () => {
    expect(parseOfferPrice('85000')).toBe(85000);
    expect(parseOfferPrice('$ 85000')).toBe(85000);
    expect(parseOfferPrice('850,5')).toBe(850.5);
    expect(parseOfferPrice('850.25')).toBe(850.25);
    for (const text of ['abc', '1e3', '-5', '85.000', '0x10', ''])
      expect(parseOfferPrice(text)).toBeNull();
  });

  it('gives the spec messages in order', () => {
    expect(checkOffer('', 1000)).toEqual({ price: null, error: null });
    expect(checkOffer('diez', 1000).error).toBe('Por favor ingresa un precio válido.');
    expect(checkOffer('0', 1000).error).toBe('El precio debe ser mayor a 0.');
    expect(checkOffer('1000', 1000).error).toBe('La oferta debe ser menor al precio original.');
    expect(checkOffer('1200', 1000).error).toBe('La oferta debe ser menor al precio original.');
    expect(checkOffer('999', 1000)).toEqual({ price: 999, error: null });
  });

  it('shows the discount with one decimal', () => {
    expect(formatDiscount(85000, 100000)).toBe('15,0%');
    expect(formatDiscount(2, 3)).toBe('33,3%');
  });
});
