import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RefreshButton } from './refresh-button';

describe('RefreshButton', () => {
  it("is named 'Actualizar' for screen readers and pointers, and refreshes when pressed", async () => {
    const onClick = vi.fn();
    render(<RefreshButton onClick={onClick} busy={false} />);
    const button = screen.getByRole('button', { name: 'Actualizar' });
    expect(button).toHaveAttribute('title', 'Actualizar');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('takes another name, and cannot be pressed while the list is being fetched', () => {
    render(<RefreshButton onClick={vi.fn()} busy label="Recargar avisos" />);
    const button = screen.getByRole('button', { name: 'Recargar avisos' });
    expect(button).toHaveAttribute('title', 'Recargar avisos');
    expect(button).toBeDisabled();
  });
});
