import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CodeLoadNotice } from './code-load-failed';

describe('CodeLoadNotice', () => {
  it("says in Spanish when a part of the app's code fails to load, and reloads on 'Recargar'", async () => {
    const reload = vi.fn();
    render(<CodeLoadNotice onReload={reload} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // What Vite fires when a dynamic import (or what it preloads) fails: a deploy replaced the
    // chunk, or the connection dropped.
    act(() => {
      window.dispatchEvent(new Event('vite:preloadError'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Puede que UniMercado se haya actualizado o que falle tu conexión. Recarga la página para seguir.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Recargar' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
