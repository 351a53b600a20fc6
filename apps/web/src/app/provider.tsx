import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import {
  HydrationBoundary,
  QueryClientProvider,
  type DehydratedState,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { AuthProvider } from '@/lib/auth';
import { keepOfflinePagesFor } from '@/lib/offline-app';
import { createQueryClient } from '@/lib/query-client';
import type { Session } from '@/lib/session';
import { getSessionStore, type SessionStore } from '@/lib/session-store';
import { theme } from './theme';

/**
 * Cached answers belong to the account that asked for them (the verification status, for one,
 * is not keyed by user): drop them all when that account signs out, by the menu, a 401 or
 * another tab, or is replaced by another one.
 */
const useClearCacheOnAccountChange = (store: SessionStore, client: QueryClient) => {
  useEffect(() => {
    let userId = store.getSnapshot()?.user.id ?? null;
    // The service worker's kept pages too (decision 091), also across browser restarts.
    void keepOfflinePagesFor(userId);
    return store.subscribe(() => {
      const nextUserId = store.getSnapshot()?.user.id ?? null;
      if (userId !== null && nextUserId !== userId) client.clear();
      if (nextUserId !== userId) void keepOfflinePagesFor(nextUserId);
      userId = nextUserId;
    });
  }, [store, client]);
};

/**
 * The providers of the app, the same on the server and in the browser (app/entry-server.tsx,
 * app/main.tsx): `queries` are the answers the server rendered the page with (TanStack Query's
 * dehydrate/HydrationBoundary) and `serverSession` the session it rendered it for.
 */
export const AppProvider = ({
  children,
  queryClient,
  sessionStore,
  queries,
  serverSession,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  sessionStore?: SessionStore;
  queries?: DehydratedState | undefined;
  serverSession?: Session | null;
}) => {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [store] = useState(() => sessionStore ?? getSessionStore());
  useClearCacheOnAccountChange(store, client);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <HydrationBoundary state={queries}>
          <AuthProvider store={store} serverSession={serverSession}>
            {children}
          </AuthProvider>
        </HydrationBoundary>
      </QueryClientProvider>
    </ThemeProvider>
  );
};
