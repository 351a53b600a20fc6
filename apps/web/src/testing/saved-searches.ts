import type { SavedSearch } from '@unimercado/shared/schemas/saved-searches';

/** A saved search as the API answers it: 'calculadora', nothing else set. */
export const makeSavedSearch = (overrides: Partial<SavedSearch> = {}): SavedSearch => ({
  id: 1,
  userId: 1,
  name: 'calculadora',
  search: 'calculadora',
  categoryId: null,
  minPrice: null,
  maxPrice: null,
  status: null,
  location: null,
  sort: null,
  isPaused: false,
  emailDigest: false,
  newCount: 0,
  lastSeenAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
