import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates the server's page, true from
 * the render after (and in a render that hydrates nothing): React's documented way to render
 * what only the browser knows without a hydration mismatch (useSyncExternalStore's server
 * snapshot).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
