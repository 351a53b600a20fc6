import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteBoundary } from './route-boundary';

const Broken = (): never => {
  throw new Error('boom');
};

const Unreachable = (): never => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/chat-abc.js');
};

describe('RouteBoundary', () => {
  it("shows the error page with 'Reintentar' when a page breaks, and names it in the title", async () => {
    // React reports the caught render error on console.error; here it is expected.
    vi.mocked(console.error).mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <RouteBoundary>
          <Broken />
        </RouteBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Algo salió mal · UniMercado'));
  });

  it("says the page could not load, with 'Recargar', when a page's code cannot download", async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <RouteBoundary>
          <Unreachable />
        </RouteBoundary>
      </MemoryRouter>,
    );
    expect(
      await screen.findByRole('heading', { name: 'No se pudo cargar la página' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Puede que UniMercado se haya actualizado o que falle tu conexión. Recarga la página para seguir.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
  });
});
