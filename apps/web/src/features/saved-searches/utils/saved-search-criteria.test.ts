import type { SavedSearch } from '@unimercado/shared/schemas/saved-searches';
import { describe, expect, it } from 'vitest';
import { makeSavedSearch } from '@/testing/saved-searches';
import { savedSearchHref, toSaveBody } from './saved-search-criteria';

const saved = (overrides: Partial<SavedSearch> = {}) =>
  makeSavedSearch({ search: null, ...overrides });

describe('saved search criteria', () => {
  it('saves only what the search on screen sets', () => {
    expect(
      toSaveBody({
        search: 'calculadora',
        categoryId: null,
        minPrice: 0,
        maxPrice: null,
        status: 'USADO',
        location: '',
        sort: null,
      }),
    ).toEqual({ search: 'calculadora', minPrice: 0, status: 'USADO' });
  });

  it('opens a saved search as the /search URL that runs it', () => {
    expect(savedSearchHref(saved())).toBe('/search');
    expect(
      savedSearchHref(
        saved({
          search: 'cálculo diferencial',
          categoryId: 3,
          minPrice: 1000,
          maxPrice: 90000,
          status: 'Usado',
          location: 'Biblioteca',
          sort: 'price_asc',
        }),
      ),
    ).toBe(
      '/search?search=c%C3%A1lculo+diferencial&categoryId=3&minPrice=1000&maxPrice=90000&status=USADO&location=Biblioteca&sort=price_asc',
    );
  });
});
