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
        course: '',
      }),
    ).toEqual({ search: 'calculadora', minPrice: 0, status: 'USADO' });
  });

  it('keeps the course a search was narrowed to, when saving and when opening it again', () => {
    const criteria = {
      search: '',
      categoryId: null,
      minPrice: null,
      maxPrice: null,
      status: null,
      location: '',
      sort: null,
      course: 'MAT101',
    };
    expect(toSaveBody(criteria)).toEqual({ course: 'MAT101' });
    expect(savedSearchHref(saved({ course: 'MAT101' }))).toBe('/search?course=MAT101');
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
