import type { QueryKey } from '@tanstack/react-query';

/**
 * What the browser's first render over a page the server wrote starts from (app/main.tsx): the
 * server writes it into the page (app/server-render.tsx, decisions 034 and 036).
 */
export type PageState = {
  /** The code-split parts the page showed (lib/lazy-part.tsx). */
  parts: string[];
  /** The API answers the page showed: each query's key, its data and when it was answered. */
  answers?: { queryKey: QueryKey; data: unknown; updatedAt: number }[];
};

/** The page's state inside the HTML: JSON in a script element the browser does not run. */
export const PAGE_STATE_ID = 'app-state';
