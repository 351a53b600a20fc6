import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import type { SessionStore } from '@/lib/session-store';
import { theme } from './theme';

export const AppProvider = ({
  children,
  queryClient,
  sessionStore,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  sessionStore?: SessionStore;
}) => {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <AuthProvider {...(sessionStore ? { store: sessionStore } : {})}>{children}</AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
};
