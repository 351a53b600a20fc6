import { QueryClient, type QueryCache } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A 4xx will not change on retry; network failures and 5xx get one more try. */
const shouldRetry = (failureCount: number, error: unknown) => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
};

/**
 * The app's query client. The server's render (app/server-render.tsx) brings its own cache and
 * does not retry: a page it cannot fill in time is sent as it is, and the browser asks again.
 */
export const createQueryClient = ({
  queryCache,
  retry = true,
}: { queryCache?: QueryCache; retry?: boolean } = {}) =>
  new QueryClient({
    ...(queryCache ? { queryCache } : {}),
    defaultOptions: {
      queries: {
        retry: retry ? shouldRetry : false,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
