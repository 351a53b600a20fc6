import '@/lib/zod-config';
import '@fontsource/poppins/500.css';
import '@fontsource/poppins/600.css';
import '@fontsource/poppins/700.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('No se encontró el elemento raíz de la aplicación.');

const root = createRoot(container);
// The first render as a transition: React renders it in slices and yields to the browser between
// them, instead of one long task while the page is loading (issue 7: total blocking time).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  );
});
