import '@/lib/zod-config';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { watchPrerenderedFields } from './prerender-handoff';
import { AppProvider } from './provider';
import { AppRoutes, preloadRoute } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('No se encontró el elemento raíz de la aplicación.');

// The page prerendered at build time, when this visitor sees it (public/boot.js, decision 034).
const prerendered = document.getElementById('app-page');
const handoff =
  prerendered && !document.documentElement.hasAttribute('data-session')
    ? watchPrerenderedFields(prerendered)
    : null;

const AfterFirstRender = ({ run }: { run: () => void }) => {
  useEffect(run, [run]);
  return null;
};
const handOver = () => handoff?.handOver(container);

const render = () => {
  const root = createRoot(container);
  // As a transition, React renders the app in slices and lets the browser handle input between
  // them (no single long task); the prerendered page, or the light shell, stays on screen until
  // the app's first commit replaces it.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
        <AfterFirstRender run={handOver} />
      </StrictMode>,
    ),
  );
};

// The page's code first (already requested by the page's modulepreload links), so the first
// render is the page itself, not its loading skeleton. When it cannot load, the page's route
// boundary shows the connection screen.
void preloadRoute(window.location.pathname)
  .catch(() => undefined)
  .then(render);
