import '@/lib/zod-config';
import '@/fonts.css';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { registerServiceWorker } from '@/lib/offline-app';
import { createQueryClient } from '@/lib/query-client';
import type { Session } from '@/lib/session';
import { getSessionStore } from '@/lib/session-store';
import { noteTypedText } from '@/lib/typed-before-hydration';
import { createEmotionCache } from './emotion-cache';
import { PAGE_STATE_ID, type PageState } from './page-state';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('No se encontró el elemento raíz de la aplicación.');

/** The state the server rendered this page from (app/entry-server.tsx), when it rendered it. */
const readPageState = (): PageState | undefined => {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return undefined;
  }
};

const pageState = readPageState();
const store = getSessionStore();
// The session the server drew the page for, as React's server snapshot during hydration: the
// browser's own session (local storage) takes over in the render right after (lib/auth.tsx).
const serverSession: Session | null = pageState?.user ? { token: '', user: pageState.user } : null;

/** The address bar's path: BrowserRouter's history is the browser's. */
const addressBarPath = () => {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
};

const app = (
  <StrictMode>
    <CacheProvider value={createEmotionCache()}>
      <AppProvider
        queryClient={createQueryClient()}
        sessionStore={store}
        queries={pageState?.queries}
        {...(pageState ? { serverSession } : {})}
      >
        <BrowserRouter>
          <AppRoutes historyPath={addressBarPath} />
        </BrowserRouter>
      </AppProvider>
    </CacheProvider>
  </StrictMode>
);

// The server's page is hydrated: React keeps its DOM (what was typed, the focus, a screen
// reader's place) and attaches the app to it (decision 045). Without one (the Vite dev server,
// or a page the server could not render), the app renders into the empty root.
if (pageState && container.hasChildNodes()) {
  noteTypedText(container);
  hydrateRoot(container, app);
} else createRoot(container).render(app);

// The installable app's worker (decision 091): offline pages and web push.
registerServiceWorker();
