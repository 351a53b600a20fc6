import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBottomBarVisible } from './use-layout';

const scrollTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
};

describe('useBottomBarVisible', () => {
  it('hides on scroll down past 100px and returns on scroll up', () => {
    scrollTo(0);
    const { result } = renderHook(() => useBottomBarVisible(true));
    expect(result.current).toBe(true);
    act(() => scrollTo(80));
    expect(result.current).toBe(true);
    act(() => scrollTo(260));
    expect(result.current).toBe(false);
    act(() => scrollTo(200));
    expect(result.current).toBe(true);
    act(() => scrollTo(0));
  });

  it('is never visible when disabled', () => {
    const { result } = renderHook(() => useBottomBarVisible(false));
    expect(result.current).toBe(false);
  });
});
