import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeStompModule } from './src/testing/fake-stomp';
import { fakeMediaQueryList } from './src/testing/media-query';

// No test opens a real WebSocket: the signed-in layout's live connection gets a fake STOMP
// transport (tests that drive it import `fakeStomp` from src/testing/fake-stomp.ts).
vi.mock('@/lib/stomp-client', () => fakeStompModule);

// Pages, forms, dialogs and panels are lazy chunks (issue 7). The first import of one in a test
// file is transformed on the spot, which on a loaded 2-core machine can take several seconds:
// far more than Testing Library's 1 s default for `findBy…`/`waitFor`.
configure({ asyncUtilTimeout: 10_000 });

/**
 * Any console.error during a test (React warnings about act(), keys, invalid DOM nesting, ...)
 * fails that test: hidden warnings are bugs we want to see (docs/conventions.md, "Habits").
 */
let consoleErrors: string[] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
});

const hasDom = typeof window !== 'undefined';

afterEach(() => {
  if (hasDom) {
    cleanup();
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.join('\n---\n')}`);
  }
});

// jsdom lacks these browser APIs that MUI and our layout touch.
if (hasDom && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => fakeMediaQueryList(query, false),
  });
}
if (hasDom) window.scrollTo = () => undefined;
