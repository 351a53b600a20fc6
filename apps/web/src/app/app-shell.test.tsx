import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, jsonResponse, renderApp, TEST_ADMIN, TEST_USER } from '@/testing/test-utils';

const quietApi = () =>
  mockFetch({
    'GET /api/categories': () => jsonResponse(200, [{ id: 1, name: 'Libros y apuntes' }]),
  });

describe('layout', () => {
  it("shows 'Iniciar' and 'Registrarse' when signed out, and the product name linking home", async () => {
    quietApi();
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /UniMercado/ }),
    ).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Iniciar' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Registrarse' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(header).getByRole('link', { name: /UniMercado, ir al inicio/ })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.queryByRole('navigation', { name: 'Accesos rápidos' })).not.toBeInTheDocument();
  });

  it('rings a keyboard-focused button, as it does a plain link', async () => {
    quietApi();
    // jsdom has no :focus-visible; answer it as a browser would after a Tab.
    const matches = Element.prototype.matches;
    vi.spyOn(Element.prototype, 'matches').mockImplementation(function (
      this: Element,
      selector: string,
    ) {
      if (selector === ':focus-visible') return this === document.activeElement;
      return matches.call(this, selector);
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/');
    const banner = await screen.findByRole('banner');
    const register = within(banner).getByRole('link', { name: 'Registrarse' });
    for (let i = 0; i < 10 && document.activeElement !== register; i += 1) await user.tab();
    await waitFor(() => expect(register).toHaveClass('Mui-focusVisible'));
    expect(getComputedStyle(register).outline).toBe('3px solid #9d46ff');
  });

  it('keeps the home headings in order (no sixth level under the first)', async () => {
    quietApi();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 6, hidden: true })).toHaveLength(0);
  });

  it('shows no bottom bar and no drawer to a signed-out visitor on a phone', async () => {
    quietApi();
    renderApp('/', { width: 390 });
    expect(await screen.findByRole('link', { name: 'Iniciar' })).toBeInTheDocument();
    expect(
      screen.queryByRole('navigation', { name: 'Accesos rápidos', hidden: true }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abrir menú' })).not.toBeInTheDocument();
  });

  it('shows the wide buttons, the bell, chat and avatar initials when signed in; Admin only for admins', async () => {
    quietApi();
    renderApp('/', { user: TEST_USER, width: 1280 });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    for (const label of ['Buscar', 'Crear', 'Mis productos', 'Mis compras', 'Favoritos']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notificaciones' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(screen.getByRole('link', { name: 'Mensajes' })).toHaveAttribute('href', '/chat');
    expect(screen.getByRole('button', { name: 'AM, abrir menú de usuario' })).toHaveTextContent(
      'AM',
    );
    // Which layout shows (no bottom bar here) is CSS's choice, by width: jsdom applies no media
    // queries, so the browser journeys check it (e2e/hydration.spec.ts).
  });

  it('keeps each wide-layout button on one line just above the 1030px breakpoint', async () => {
    quietApi();
    renderApp('/', { user: TEST_ADMIN, width: 1031 });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    for (const link of within(nav).getAllByRole('link')) {
      expect(link).toHaveStyle({ whiteSpace: 'nowrap' });
    }
  });

  it('shows Admin to an admin', async () => {
    quietApi();
    renderApp('/', { user: TEST_ADMIN, width: 1280 });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute(
      'href',
      '/admin-panel',
    );
  });

  it("puts the entries in a drawer titled 'Menú' and shows the bottom bar on the narrow layout", async () => {
    quietApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/', { user: TEST_ADMIN, width: 390 });
    await user.click(await screen.findByRole('button', { name: 'Abrir menú' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menú' });
    for (const label of ['Buscar', 'Crear', 'Mis productos', 'Mis compras', 'Favoritos', 'Admin']) {
      expect(within(drawer).getByRole('link', { name: label })).toBeInTheDocument();
    }
    const bottom = screen.getByRole('navigation', { name: 'Accesos rápidos', hidden: true });
    expect(within(bottom).getAllByRole('link', { hidden: true })).toHaveLength(5);
  });

  it('lists the avatar menu entries and signs out to /login', async () => {
    quietApi();
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/', { user: TEST_USER, width: 1280 });
    await user.click(await screen.findByRole('button', { name: 'AM, abrir menú de usuario' }));
    const menu = await screen.findByRole('menu');
    // The name and email head the menu as text, not as a stray sixth-level heading.
    expect(within(menu).queryByRole('heading')).not.toBeInTheDocument();
    expect(within(menu).getByText('Ana María López')).toBeInTheDocument();
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(labels).toEqual([
      'Perfil',
      'Mis productos',
      'Mis compras',
      'Mis favoritos',
      'Mis búsquedas',
      'Buscar',
      'Crear',
      'Cerrar sesión',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Iniciar' })).toBeInTheDocument();
  });
});

describe('routes and guard', () => {
  it('shows the 404 text with a link home on an unknown path', async () => {
    quietApi();
    renderApp('/no-existe/para-nada');
    expect(
      await screen.findByRole('heading', { name: '404 - Página no encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });

  it('sends an anonymous visitor of a protected route to /login, remembering the origin', async () => {
    quietApi();
    const { router } = renderApp('/my-products?tab=vendidos');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const state = router.state.location.state as { from: { pathname: string; search: string } };
    expect(state.from.pathname).toBe('/my-products');
    expect(state.from.search).toBe('?tab=vendidos');
  });

  it('lets anonymous visitors browse /products', async () => {
    quietApi();
    const { router } = renderApp('/products');
    expect(
      await screen.findByRole('heading', { name: 'Productos disponibles' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products');
  });

  it('titles each page after its heading', async () => {
    quietApi();
    renderApp('/my-purchases', { user: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Mis Compras' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Mis Compras · UniMercado'));
  });

  it('any 401 from the API signs out and goes to /login', async () => {
    mockFetch({
      'GET /api/categories': () =>
        jsonResponse(401, { error: 'Sesión expirada', code: 'UNAUTHORIZED' }),
    });
    const { router } = renderApp('/', { user: TEST_USER });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    // Decision 038: the login page says why.
    expect(await screen.findByText('Tu sesión expiró. Inicia sesión de nuevo.')).toBeVisible();
  });

  it('after a 401 while the next page loads, remembers that page, where the history is', async () => {
    mockFetch({
      'GET /api/categories': () =>
        jsonResponse(401, { error: 'Sesión expirada', code: 'UNAUTHORIZED' }),
    });
    // The address bar already shows the page the member opened; the page before is on screen.
    const { router } = renderApp('/', {
      user: TEST_USER,
      historyPath: () => ({ pathname: '/my-favorites', search: '?pagina=2', hash: '' }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const state = router.state.location.state as { from: { pathname: string; search: string } };
    expect(state.from).toMatchObject({ pathname: '/my-favorites', search: '?pagina=2' });
  });

  it('says the session expired when a protected page finds it over, on this visit only', async () => {
    mockFetch({
      'GET /api/categories': () => jsonResponse(200, []),
      'GET /api/favorites': () =>
        jsonResponse(401, { error: 'Sesión expirada', code: 'UNAUTHORIZED' }),
    });
    const { router } = renderApp('/my-favorites', { user: TEST_USER, strict: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Tu sesión expiró. Inicia sesión de nuevo.')).toBeVisible();
    const state = router.state.location.state as { from: { pathname: string } };
    expect(state.from.pathname).toBe('/my-favorites');

    // Leaving the login page and coming back later is a plain visit.
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/login'));
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.queryByText(/Tu sesión expiró/)).not.toBeInTheDocument();
  });

  it('says nothing about an expired session on a plain visit to /login or when none was open', async () => {
    quietApi();
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.queryByText(/Tu sesión expiró/)).not.toBeInTheDocument();
    cleanup();

    // A signed-out visitor sent to /login by the guard: nothing expired.
    const { router } = renderApp('/my-products');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.queryByText(/Tu sesión expiró/)).not.toBeInTheDocument();
  });

  it('forgets the cached answers of an account that a 401 signs out', async () => {
    mockFetch({
      'GET /api/categories': () =>
        jsonResponse(401, { error: 'Sesión expirada', code: 'UNAUTHORIZED' }),
    });
    const { router, queryClient } = renderApp('/', { user: TEST_USER });
    // Not keyed by user: the next account to sign in on this tab must not see it.
    queryClient.setQueryData(['auth', 'verification-status'], {
      verified: true,
      email: 'ana@uni.edu',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(queryClient.getQueryData(['auth', 'verification-status'])).toBeUndefined();
  });

  it('reminds an unverified member in one short line on a phone, with the way to the profile', async () => {
    quietApi();
    renderApp('/products', { user: { ...TEST_USER, verified: false }, width: 390 });
    const notice = await screen.findByRole('note', { name: 'Correo sin verificar' });
    expect(notice).toHaveTextContent(/Verifica tu correo desde tu/);
    expect(within(notice).getByRole('link', { name: 'perfil' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(notice).getByRole('button', { name: 'Ocultar aviso' })).toBeInTheDocument();
  });
});
