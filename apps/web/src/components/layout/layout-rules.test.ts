// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isNarrowWidth, nextBottomBarVisibility, shouldShowBottomBar } from './layout-rules';

describe('isNarrowWidth', () => {
  it('is narrow up to 1030px inclusive', () => {
    expect(isNarrowWidth(390)).toBe(true);
    expect(isNarrowWidth(1030)).toBe(true);
    expect(isNarrowWidth(1031)).toBe(false);
    expect(isNarrowWidth(1280)).toBe(false);
  });
});

describe('shouldShowBottomBar', () => {
  it('shows only when signed in on the narrow layout', () => {
    expect(shouldShowBottomBar(true, 390)).toBe(true);
    expect(shouldShowBottomBar(false, 390)).toBe(false);
    expect(shouldShowBottomBar(true, 1280)).toBe(false);
  });
});

describe('nextBottomBarVisibility', () => {
  it('stays visible while within the first 100px', () => {
    expect(nextBottomBarVisibility(0, 80, true)).toBe(true);
    expect(nextBottomBarVisibility(50, 100, true)).toBe(true);
  });
  it('hides when scrolling down beyond 100px', () => {
    expect(nextBottomBarVisibility(90, 101, true)).toBe(false);
    expect(nextBottomBarVisibility(300, 400, true)).toBe(false);
  });
  it('returns on scroll up', () => {
    expect(nextBottomBarVisibility(400, 390, false)).toBe(true);
  });
  it('keeps its state when the position does not change', () => {
    expect(nextBottomBarVisibility(400, 400, false)).toBe(false);
    expect(nextBottomBarVisibility(400, 400, true)).toBe(true);
  });
});
