import type { DehydratedState } from '@tanstack/react-query';
import type { SessionUser } from '@/lib/session';

/**
 * What the server rendered a page from, written into the page for the browser's hydration
 * (app/entry-server.tsx → app/main.tsx; decision 045): the API answers it showed (TanStack
 * Query's dehydrated state) and the signed-in user it drew the top bar for (from the session
 * cookie), or null.
 */
export type PageState = { queries: DehydratedState; user: SessionUser | null };

/** The page's state inside the HTML: JSON in a script element the browser does not run. */
export const PAGE_STATE_ID = 'app-state';
