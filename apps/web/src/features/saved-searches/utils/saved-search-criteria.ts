import type { ProductSort } from '@unimercado/shared/constants';
import type { CreateSavedSearchBody, SavedSearch } from '@unimercado/shared/schemas/saved-searches';
import { paths } from '@/config/paths';

/** What /search filters on, as its page holds it (empty text = none, null = no filter). */
export type SearchCriteria = {
  search: string;
  categoryId: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  status: string | null;
  location: string;
  sort: ProductSort | null;
};

/** The body that saves the search on screen: only what is set. */
export const toSaveBody = (criteria: SearchCriteria): CreateSavedSearchBody => ({
  ...(criteria.search ? { search: criteria.search } : {}),
  ...(criteria.categoryId !== null ? { categoryId: criteria.categoryId } : {}),
  ...(criteria.minPrice !== null ? { minPrice: criteria.minPrice } : {}),
  ...(criteria.maxPrice !== null ? { maxPrice: criteria.maxPrice } : {}),
  ...(criteria.status ? { status: criteria.status } : {}),
  ...(criteria.location ? { location: criteria.location } : {}),
  ...(criteria.sort ? { sort: criteria.sort } : {}),
});

/** Where a saved search opens: /search with its text, filters and sort in the URL. */
export const savedSearchHref = (saved: SavedSearch) => {
  const params = new URLSearchParams();
  if (saved.search) params.set('search', saved.search);
  if (saved.categoryId !== null) params.set('categoryId', String(saved.categoryId));
  if (saved.minPrice !== null) params.set('minPrice', String(saved.minPrice));
  if (saved.maxPrice !== null) params.set('maxPrice', String(saved.maxPrice));
  if (saved.status) params.set('status', saved.status.toUpperCase());
  if (saved.location) params.set('location', saved.location);
  if (saved.sort) params.set('sort', saved.sort);
  const query = params.toString();
  return query ? `${paths.search}?${query}` : paths.search;
};
