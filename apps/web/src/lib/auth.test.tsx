import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from './auth';

const Consumer = () => {
  useAuth();
  return null;
};

describe('useAuth', () => {
  it('throws the Spanish message outside the provider', () => {
    // React reports the thrown error through console.error; silence it for this test only.
    vi.mocked(console.error).mockImplementation(() => undefined);
    expect(() => render(<Consumer />)).toThrow('useAuth debe ser usado dentro de un AuthProvider');
  });
});
