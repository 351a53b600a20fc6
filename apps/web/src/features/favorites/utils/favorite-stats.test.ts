import { describe, expect, it } from 'vitest';
import { averagePrice } from './favorite-stats';

describe('averagePrice', () => {
  it('rounds the mean and is 0 without favourites', () => {
    expect(averagePrice([])).toBe(0);
    expect(averagePrice([100, 101])).toBe(101);
    expect(averagePrice([10000, 20001, 30000])).toBe(20000);
  });
});
