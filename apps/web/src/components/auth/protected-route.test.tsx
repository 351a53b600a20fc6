import { screen } from '@testing-library/react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createSessionStore } from '@/lib/session-store';
import { seedSession, TEST_USER } from '@/testing/test-utils';
import { ProtectedRoute } from './protected-route';

const renderGuarded = (roles?: string[]) => {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>Página de login</p> },
      {
        element: <ProtectedRoute {...(roles ? { roles } : {})} />,
        children: [{ path: '/secreto', element: <p>Contenido secreto</p> }],
      },
    ],
    { initialEntries: ['/secreto'] },
  );
  render(
    <AppProvider sessionStore={createSessionStore()}>
      <RouterProvider router={router} />
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
