import { screen } from '@testing-library/react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createSessionStore } from '@/lib/session-store';
import { seedSession, TEST_USER } from '@/testing/test-utils';
import { ProtectedRoute } from './protected-route';

const renderGuarded = (roles?: string[]) => {
  const router = { state: {} as { location: Location } };
  const follow = (location: Location) => {
    router.state.location = location;
  };
  const Probe = () => {
    const location = useLocation();
    useLayoutEffect(() => follow(location));
    return null;
  };
  render(
    <AppProvider sessionStore={createSessionStore()}>
      <MemoryRouter initialEntries={['/secreto']}>
        <Probe />
        <Routes>
          <Route path="/login" element={<p>Página de login</p>} />
          <Route element={<ProtectedRoute {...(roles ? { roles } : {})} />}>
            <Route path="/secreto" element={<p>Contenido secreto</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
  return router;
};

describe('ProtectedRoute', () => {
  it('redirects an unauthenticated visitor to /login with the origin', async () => {
    const router = renderGuarded();
    expect(await screen.findByText('Página de login')).toBeInTheDocument();
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe(
      '/secreto',
    );
  });

  it('renders the route for a user with an allowed role', async () => {
    seedSession(TEST_USER);
    renderGuarded(['ROLE_USER', 'ROLE_ADMIN']);
    expect(await screen.findByText('Contenido secreto')).toBeInTheDocument();
  });

  it('shows the unauthorised text when the role does not match', async () => {
    seedSession(TEST_USER);
    renderGuarded(['ROLE_ADMIN']);
    expect(
      await screen.findByRole('heading', {
        name: 'No estás autorizado para acceder a esta página.',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Contenido secreto')).not.toBeInTheDocument();
  });
});
