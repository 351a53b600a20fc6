// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidOptionalPhone } from './validation';

describe('isValidEmail', () => {
  it('accepts a basic address', () => {
    expect(isValidEmail('ana@uni.edu')).toBe(true);
    expect(isValidEmail(' ana@mail.uni.edu.co ')).toBe(true);
  });
  it('rejects missing parts and spaces', () => {
    expect(isValidEmail('ana')).toBe(false);
    expect(isValidEmail('ana@uni')).toBe(false);
    expect(isValidEmail('ana maria@uni.edu')).toBe(false);
  });
});

describe('isValidOptionalPhone', () => {
  it('accepts blank, digits, spaces and a leading plus', () => {
    expect(isValidOptionalPhone('')).toBe(true);
    expect(isValidOptionalPhone(null)).toBe(true);
    expect(isValidOptionalPhone('+57 300 123 4567')).toBe(true);
    expect(isValidOptionalPhone('3001234567')).toBe(true);
  });
  it('rejects letters, dashes and a plus in the middle', () => {
    expect(isValidOptionalPhone('300-123')).toBe(false);
    expect(isValidOptionalPhone('tel 300')).toBe(false);
    expect(isValidOptionalPhone('57+300')).toBe(false);
  });
});
