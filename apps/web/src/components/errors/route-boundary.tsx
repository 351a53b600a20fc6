import { Component, Suspense, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageSkeleton } from '@/components/feedback/page-skeleton';
import { whenTypedTextApplied } from '@/lib/typed-before-hydration';
import { CodeLoadFailed } from './code-load-failed';
import { RouteError } from './route-error';

/**
 * A lazy page or one of its chunks failed to download: Chrome 'Failed to fetch dynamically
 * imported module', Firefox 'error loading dynamically imported module', Safari 'Importing a
 * module script failed', Vite 'Unable to preload CSS'.
 */
export const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|importing a module script failed|unable to preload|loading chunk/i.test(
    error.message,
  );

type BoundaryProps = { resetKey: string; children: ReactNode };

class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!isChunkLoadError(error)) console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    // Another page: try again (its chunk may load, or it may not be the broken one).
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null) {
      this.setState({ error: null });
    }
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return isChunkLoadError(error) ? <CodeLoadFailed /> : <RouteError />;
  }
}

/**
 * Runs once the page around it has been hydrated (or rendered): once the text the visitor typed
 * before has reached its fields (lib/typed-before-hydration.ts), marks the document, so forms are
 * sent by the app from now on, and then sends a form the visitor sent before (held back by
 * public/boot.js; decision 045) through the app's own handler, validation included.
 */
const PageHydrated = () => {
  const [isSettled, setIsSettled] = useState(false);
  useEffect(() => {
    void whenTypedTextApplied().then(() => setIsSettled(true));
  }, []);
  // A render later: the fields' handlers now hold the text they were handed.
  useEffect(() => {
    if (!isSettled) return;
    document.documentElement.setAttribute('data-hydrated', '');
    for (const form of document.querySelectorAll<HTMLFormElement>('form[data-submit-pending]')) {
      form.removeAttribute('data-submit-pending');
      if (form.isConnected) form.requestSubmit();
    }
  }, [isSettled]);
  return null;
};

/**
 * Around the page inside the layout (top bar and footer stay): a skeleton while the page's code
 * loads, the connection screen when it cannot load, the error page when it breaks.
 */
export const RouteBoundary = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSkeleton />}>
        {children}
        <PageHydrated />
      </Suspense>
    </RouteErrorBoundary>
  );
};
