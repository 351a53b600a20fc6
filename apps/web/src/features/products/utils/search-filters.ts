import {
  PRODUCT_CONDITION_FILTERS,
  PRODUCT_SORTS,
  type ProductConditionFilter,
  type ProductSort,
} from '@unimercado/shared/constants';
import { isApiError } from '@/lib/api-client';
import type { ProductQuery } from '../api/get-products';

/** What the search page filters on; it lives in the URL (shareable, back button works). */
export type SearchFilters = {
  search: string;
  categoryId: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  status: ProductConditionFilter | null;
  location: string;
  /** A course code, upper-cased ('MAT101'): everything for that course (decision 095). */
  course: string;
  sort: ProductSort | null;
  /** 1-based, as people read it. */
  page: number;
};

export const EMPTY_FILTERS: SearchFilters = {
  search: '',
  categoryId: null,
  minPrice: null,
  maxPrice: null,
  status: null,
  location: '',
  course: '',
  sort: null,
  page: 1,
};

/**
 * A price typed by a person: digits (thousands dots and spaces ignored), empty = no limit. A
 * leading minus is kept, so that the API says a negative limit is wrong (issue 18).
 */
export const parsePriceInput = (text: string): number | null => {
  const digits = text.replace(/[\s.$]/g, '').replace(',', '.');
  if (!digits || !/^-?\d+(\.\d+)?$/.test(digits)) return null;
  const value = Number(digits);
  return Number.isFinite(value) ? value : null;
};

const positiveInt = (value: string | null) => {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
};

const price = (value: string | null) => (value ? parsePriceInput(value) : null);

export const filtersFromParams = (params: URLSearchParams): SearchFilters => {
  const status = params.get('status')?.toUpperCase() ?? '';
  const sort = params.get('sort') ?? '';
  return {
    search: params.get('search')?.trim() ?? '',
    categoryId: positiveInt(params.get('categoryId')),
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
    status: (PRODUCT_CONDITION_FILTERS as readonly string[]).includes(status)
      ? (status as ProductConditionFilter)
      : null,
    location: params.get('location')?.trim() ?? '',
    course: params.get('course')?.trim().toUpperCase() ?? '',
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as ProductSort) : null,
    page: positiveInt(params.get('page')) ?? 1,
  };
};

/** Only what is set goes into the URL, in a stable order. */
export const paramsFromFilters = (filters: SearchFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.categoryId !== null) params.set('categoryId', String(filters.categoryId));
  if (filters.minPrice !== null) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('maxPrice', String(filters.maxPrice));
  if (filters.status) params.set('status', filters.status);
  if (filters.location) params.set('location', filters.location);
  if (filters.course) params.set('course', filters.course);
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
};

/**
 * The API query of a search: available products only, 12 per page. Prices go as typed: a minimum
 * above the maximum, or a negative one, is the API's to refuse, and the form shows its message
 * beside the prices (issue 18).
 */
export const toProductQuery = (filters: SearchFilters, size: number): ProductQuery => {
  const { minPrice, maxPrice } = filters;
  return {
    page: filters.page - 1,
    size,
    isSold: false,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.categoryId !== null ? { categoryId: filters.categoryId } : {}),
    ...(minPrice !== null ? { minPrice } : {}),
    ...(maxPrice !== null ? { maxPrice } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.location ? { location: filters.location } : {}),
    ...(filters.course ? { course: filters.course } : {}),
    ...(filters.sort ? { sort: filters.sort } : {}),
  };
};

/** How many filters (besides the text and the sort) are active: the badge on 'Filtros'. */
export const countActiveFilters = (filters: SearchFilters) =>
  [
    filters.categoryId !== null,
    filters.minPrice !== null,
    filters.maxPrice !== null,
    filters.status !== null,
    filters.location !== '',
    filters.course !== '',
  ].filter(Boolean).length;

export type PriceFilterError = { field: 'minPrice' | 'maxPrice'; message: string };

/**
 * The API's refusal of the price filters (a minimum above the maximum, a negative limit), with
 * the field it names, to show beside the prices instead of a list error (issue 18).
 */
export const priceFilterErrorOf = (error: unknown): PriceFilterError | null => {
  if (!isApiError(error) || error.code !== 'VALIDATION_ERROR') return null;
  const issues = (error.details as { issues?: { path?: unknown }[] } | undefined)?.issues ?? [];
  const paths = issues.map((issue) => (typeof issue.path === 'string' ? issue.path : ''));
  if (paths.some((path) => path.endsWith('minPrice'))) {
    return { field: 'minPrice', message: error.message };
  }
  if (paths.some((path) => path.endsWith('maxPrice'))) {
    return { field: 'maxPrice', message: error.message };
  }
  return null;
};
