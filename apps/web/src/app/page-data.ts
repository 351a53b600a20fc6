import type { QueryClient } from '@tanstack/react-query';

/** What a page's data depends on: its path's parameters and its query string. */
export type PageDataRequest = {
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
};

/**
 * Fetches into `queryClient` the answers a page shows in its first render, with the same query
 * options its components use (TanStack Query's prefetch-then-dehydrate). Each page the shared
 * route table marks `data: true` exports one (app/entry-server.tsx).
 */
export type PrefetchPage = (queryClient: QueryClient, request: PageDataRequest) => Promise<unknown>;
