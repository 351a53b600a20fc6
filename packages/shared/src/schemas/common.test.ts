import { describe, expect, it } from 'vitest';
import { MAX_ID } from '../constants';
import { LIST_CAP } from '../constants';
import { idSchema, paginationQuerySchema } from './common';

describe('idSchema', () => {
  it('takes plain decimal text and JSON numbers', () => {
    expect(idSchema.parse('1')).toBe(1);
    expect(idSchema.parse('42')).toBe(42);
    expect(idSchema.parse(String(MAX_ID))).toBe(MAX_ID);
    expect(idSchema.parse(7)).toBe(7);
  });

  it('refuses every other spelling of a number', () => {
    for (const value of ['0x1', '1e0', '+1', '-1', '1.0', ' 1', '1 ', '01', '0', '', '1_0', '١']) {
      expect(idSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
    for (const value of [0, -3, 1.5, MAX_ID + 1, Number.NaN, Infinity]) {
      expect(idSchema.safeParse(value).success, String(value)).toBe(false);
    }
    expect(idSchema.safeParse(String(MAX_ID + 1)).success).toBe(false);
    expect(idSchema.safeParse('9'.repeat(40)).success).toBe(false);
  });
});

describe('pagination', () => {
  it('without size, the whole list up to the cap; pages of at most 100; plain decimals only', () => {
    expect(LIST_CAP).toBeGreaterThanOrEqual(500);
    expect(paginationQuerySchema.parse({})).toEqual({ page: 0, size: LIST_CAP });
    expect(paginationQuerySchema.parse({ page: '1' })).toEqual({ page: 1, size: LIST_CAP });
    expect(paginationQuerySchema.parse({ page: '2', size: '50' })).toEqual({ page: 2, size: 50 });
    for (const query of [{ page: '0x1' }, { size: '1e1' }, { size: '0' }, { size: '101' }]) {
      expect(paginationQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
