import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  mockFetch,
  renderApp,
  requestOf,
  requestTo,
  TEST_ADMIN,
  TEST_USER,
} from '@/testing/test-utils';
import { fakeMediaQueryList } from '@/testing/media-query';

const USERS = [
  {
    id: 1,
    name: 'Admin Central',
    email: 'admin@uni.edu',
    phone: '3001112233',
    roles: ['ROLE_ADMIN', 'ROLE_USER'],
    verified: true,
    createdAt: '2026-01-01T00:00:00Z',
  },
  {
    id: 2,
    name: 'Bea Ruiz',
    email: 'bea@uni.edu',
    phone: null,
    roles: ['ROLE_USER'],
    verified: true,
    createdAt: '2026-01-02T00:00:00Z',
  },
  {
    id: 3,
    name: 'Sin Roles',
    email: 'sin@uni.edu',
    phone: '',
    roles: null,
    verified: false,
    createdAt: '2026-01-03T00:00:00Z',
  },
];
const ROLES = [
  { id: 1, name: 'ROLE_USER' },
  { id: 2, name: 'ROLE_ADMIN' },
];

describe('admin panel', () => {
  it('is refused to a non-admin by the page itself', async () => {
    mockFetch({});
    renderApp('/admin-panel', { user: TEST_USER });
    expect(
      await screen.findByRole('heading', {
        name: 'No estás autorizado para acceder a esta página.',
      }),
    ).toBeInTheDocument();
  });

  it("lists users with role labels without the prefix, '-' for no phone and 'Sin rol'", async () => {
    const fetchMock = mockFetch({
      'GET /api/users': () => jsonResponse(200, USERS, { 'X-Total-Count': '3' }),
    });
    renderApp('/admin-panel', { user: TEST_ADMIN });
    expect(
      await screen.findByRole('heading', { name: 'Panel de Administración' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['ID', 'Nombre', 'Email', 'Teléfono', 'Rol', 'Acciones']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('ADMIN')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('USER')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('-')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Sin rol')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('-')).toBeInTheDocument();
    expect(requestTo(fetchMock, '/api/users').url).toBe('/api/users?page=0&size=10');
    // The pagination's code loads while the users are on their way.
    expect(await screen.findByText('1–3 de 3')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Filas por página/ })).toHaveStyle({
      minHeight: '44px',
    });
  });

  it('lists users as cards on a phone, each name a heading right under the page title', async () => {
    mockFetch({ 'GET /api/users': () => jsonResponse(200, USERS, { 'X-Total-Count': '3' }) });
    // Every media query matches: MUI's down('md') picks the compact layout.
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      fakeMediaQueryList(query, true),
    );
    renderApp('/admin-panel', { user: TEST_ADMIN, width: 390 });
    const list = await screen.findByRole('list', { name: 'Usuarios' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Admin Central', 'Bea Ruiz', 'Sin Roles']);
    expect(within(list).getByText('Sin rol')).toBeInTheDocument();
  });

  it('replaces the roles of a user through the Editar roles dialog', async () => {
    let current = USERS;
    const fetchMock = mockFetch({
      'GET /api/users': () => jsonResponse(200, current, { 'X-Total-Count': '3' }),
      'GET /api/roles': () => jsonResponse(200, ROLES),
      'GET /api/users/2/roles': () => jsonResponse(200, [ROLES[0]]),
      'POST /api/users/2/roles': () => {
        current = USERS.map((u) => (u.id === 2 ? { ...u, roles: ['ROLE_USER', 'ROLE_ADMIN'] } : u));
        return jsonResponse(200, { id: 2, roles: ['ROLE_USER', 'ROLE_ADMIN'] });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin-panel', { user: TEST_ADMIN });
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    const bea = within(table).getAllByRole('row')[2]!;
    await user.click(within(bea).getByRole('button', { name: 'Editar roles de Bea Ruiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar roles' });
    await user.click(await within(dialog).findByRole('combobox'));
    const listbox = await screen.findByRole('listbox');
    await user.click(within(listbox).getByRole('option', { name: 'ADMIN' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Editar roles' })).not.toBeInTheDocument(),
    );
    const post = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'POST');
    expect(requestOf(fetchMock, post).body).toEqual([1, 2]);
    expect(await screen.findByText('Roles actualizados correctamente')).toBeInTheDocument();
    await waitFor(() => {
      const row = within(screen.getByRole('table', { name: 'Usuarios' })).getAllByRole('row')[2]!;
      expect(within(row).getByText('ADMIN')).toBeInTheDocument();
    });
  });

  it('asks for confirmation before deleting and shows the server refusal in Spanish', async () => {
    mockFetch({
      'GET /api/users': () => jsonResponse(200, USERS, { 'X-Total-Count': '3' }),
      'DELETE /api/users/2': () =>
        jsonResponse(409, { error: 'El usuario tiene productos vendidos.', code: 'CONFLICT' }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin-panel', { user: TEST_ADMIN });
    // The admin's own row offers no delete (issue 7); the others do, each naming its user.
    // Its hint on hover is the native title (no tooltip code before the first render).
    expect(await screen.findByRole('button', { name: 'Eliminar a Bea Ruiz' })).toHaveAttribute(
      'title',
      'Eliminar usuario',
    );
    expect(
      screen.queryByRole('button', { name: 'Eliminar a Admin Central' }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Editar roles de Admin Central' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Eliminar a Bea Ruiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar usuario' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(
      await within(dialog).findByText('El usuario tiene productos vendidos.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
