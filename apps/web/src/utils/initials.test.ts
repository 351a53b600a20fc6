// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { getInitials } from './initials';

describe('getInitials', () => {
  it('takes the first letters of the first two words, upper-cased', () => {
    expect(getInitials('ana maría lópez')).toBe('AM');
    expect(getInitials('Carlos')).toBe('C');
  });

  it('ignores extra whitespace', () => {
    expect(getInitials('  Lucía    Pérez  ')).toBe('LP');
  });

  it("falls back to 'U' without a usable name", () => {
    expect(getInitials('')).toBe('U');
    expect(getInitials('   ')).toBe('U');
    expect(getInitials(null)).toBe('U');
    expect(getInitials(undefined)).toBe('U');
  });

  it('skips words that do not start with a letter', () => {
    expect(getInitials('Usuario #12')).toBe('U');
    expect(getInitials('#12')).toBe('U');
  });

  it('keeps accented initials', () => {
    expect(getInitials('Ángela Úrsula')).toBe('ÁÚ');
  });
});
