import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '@/testing/products';
import { EMPTY_FILTERS, type SearchFilters } from '../utils/search-filters';
import { SearchPanel, type SearchChange } from './search-panel';

/**
 * The panel against a router that shows a new URL late (it waits for the results): `onChange`
 * writes the address bar at once, `show()` renders what it holds.
 */
const renderPanel = () => {
  let addressBar: SearchFilters = EMPTY_FILTERS;
  const asked: SearchFilters[] = [];
  const onChange = vi.fn<SearchChange>((next) => {
    addressBar = typeof next === 'function' ? next(addressBar) : next;
    asked.push(addressBar);
  });
  const panel = (filters: SearchFilters) => (
    <SearchPanel filters={filters} categories={CATEGORIES} onChange={onChange} />
  );
  const view = render(panel(EMPTY_FILTERS));
  return {
    asked,
    /** The router shows the address bar. */
    show: () => view.rerender(panel(addressBar)),
    /** The router shows another URL (the back button). */
    showUrl: (filters: SearchFilters) => {
      addressBar = filters;
      view.rerender(panel(filters));
    },
    box: () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Buscar' }),
  };
};

describe('SearchPanel', () => {
  it('keeps what was typed after a pause when the router shows that pause and a select late', async () => {
    const panel = renderPanel();
    await userEvent.type(panel.box(), 'libro');
    // The typing pause sends 'libro'; the router does not show it yet.
    await waitFor(() => expect(panel.asked.at(-1)).toMatchObject({ search: 'libro' }));
    await userEvent.click(screen.getByRole('button', { name: /Filtros/ }));
    await userEvent.selectOptions(
      await screen.findByLabelText('Categoría'),
      String(CATEGORIES[0]!.id),
    );
    await userEvent.type(panel.box(), 's');
    // Now the router shows both: the box keeps the letter typed since.
    act(() => panel.show());
    expect(panel.box()).toHaveValue('libros');
    await waitFor(() =>
      expect(panel.asked.at(-1)).toMatchObject({
        search: 'libros',
        categoryId: CATEGORIES[0]!.id,
      }),
    );
  });

  it('shows a value the URL changed that the box did not send (the back button)', async () => {
    const panel = renderPanel();
    await userEvent.type(panel.box(), 'libro');
    await waitFor(() => expect(panel.asked.at(-1)).toMatchObject({ search: 'libro' }));
    act(() => panel.show());
    expect(panel.box()).toHaveValue('libro');
    act(() => panel.showUrl(EMPTY_FILTERS));
    expect(panel.box()).toHaveValue('');
  });
});
