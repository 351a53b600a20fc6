import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './route-error';

const Broken = () => {
  throw new Error('boom');
};

describe('RouteError', () => {
  it("offers 'Reintentar' and names the page in the document title", async () => {
    // React reports the caught render error on console.error; here it is expected.
    vi.mocked(console.error).mockImplementation(() => undefined);
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <RouteError /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Algo salió mal · UniMercado'));
  });
});
