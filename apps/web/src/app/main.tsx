import '@/lib/zod-config';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { preloadParts } from '@/lib/lazy-part';
import { createQueryClient } from '@/lib/query-client';
import { watchPrerenderedFields } from './prerender-handoff';
import { AppProvider } from './provider';
import { AppRoutes, preloadRoute } from './router';
import { PAGE_STATE_ID, type PageState } from './page-state';

const container = document.getElementById('root');
if (!container) throw new Error('No se encontró el elemento raíz de la aplicación.');

/**
 * The page the server wrote, when this visitor sees it (public/boot.js; decisions 034, 036): its
 * fields, and the state it was rendered from (its code-split parts and the answers it showed).
 * A visitor with a session sees the light shell instead, and their own answers are asked for.
 */
const isServerPageShown =
  document.getElementById('app-page') !== null &&
  !document.documentElement.hasAttribute('data-session');

const readPageState = (): PageState | undefined => {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!isServerPageShown || !text) return undefined;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return undefined;
  }
};

const pageState = readPageState();
const serverPage = isServerPageShown ? document.getElementById('app-page') : null;
const handoff = serverPage ? watchPrerenderedFields(serverPage) : null;
const queryClient = createQueryClient();
// The server's answers, as fresh as when it got them (the usual stale time runs from there).
for (const { queryKey, data, updatedAt } of pageState?.answers ?? []) {
  queryClient.setQueryData(queryKey, data, { updatedAt });
}

/** Runs `run` once the app's first render is on screen, in a task of its own: what it types into
 * fields then reaches React as a visitor's typing would, not inside React's own work. */
const AfterFirstRender = ({ run }: { run: () => void }) => {
  useEffect(() => {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }, [run]);
  return null;
};
const handOver = () => handoff?.handOver(container);

const render = () => {
  const root = createRoot(container);
  // As a transition, React renders the app in slices and lets the browser handle input between
  // them (no single long task); the server's page, or the light shell, stays on screen until the
  // app's first commit replaces it.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
        <AfterFirstRender run={handOver} />
      </StrictMode>,
    ),
  );
};

// The page's code first (already requested by the page's module preloads), and the parts the
// server's page showed, so the first render is that page, not its loading skeletons. When the
// code cannot load, the page's route boundary shows the connection screen.
void preloadRoute(window.location.pathname)
  .then(() => preloadParts(pageState?.parts ?? []))
  .catch(() => undefined)
  .then(render);
