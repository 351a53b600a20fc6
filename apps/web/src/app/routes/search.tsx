import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PAGE_SIZE } from '@unimercado/shared/constants';
import { Suspense, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { categoriesQueryOptions, useCategories } from '@/features/categories/api/get-categories';
import { productsQueryOptions, useProducts } from '@/features/products/api/get-products';
import { SkeletonGrid } from '@/features/products/components/product-grid';
import {
  SearchPanel,
  SortSelect,
  type SearchChange,
} from '@/features/products/components/search-panel';
import { useRequireSignIn } from '@/features/products/hooks/use-pending-action';
import { PRODUCTS_TEXT } from '@/features/products/messages';
import {
  filtersFromParams,
  paramsFromFilters,
  priceFilterErrorOf,
  toProductQuery,
} from '@/features/products/utils/search-filters';
import { lazyPart } from '@/lib/lazy-part';
import { formatCount } from '@/utils/format';
import { useHistoryPath } from '../history-path';
import type { PrefetchPage } from '../page-data';

/** Six skeleton cards while a search loads (spec section 9). */
const SEARCH_SKELETONS = 6;
const RESULTS_LABEL = 'Resultados de la búsqueda';

// The results' code (cards, favourite and offer) loads with the first request, not before the
// first render (issue 7's JS budget); the same skeletons show meanwhile.
// 'Guardar búsqueda' hydrates when its code arrives (a click before is replayed then): the
// saving code stays out of the public page's first load (JS budget, decision 051).
const SaveSearchButton = lazyPart(
  'save-search-button',
  async () =>
    (await import('@/features/saved-searches/components/save-search-button')).SaveSearchButton,
);

const SearchResults = lazyPart(
  'search-results',
  async () => (await import('./search-results')).SearchResults,
);

/**
 * /search, 'Buscar Productos Disponibles' (spec section 2). The filters and the sort live in the
 * URL, so a search can be shared and the back button walks through it.
 */
export const SearchRoute = () => {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const categories = useCategories();
  const results = useProducts(toProductQuery(filters, PAGE_SIZE));
  const requireSignIn = useRequireSignIn();
  // Prices the API refused: its message beside them, and no results (issue 18).
  const priceError = priceFilterErrorOf(results.error);

  // A change builds on the filters asked for last: the history's (the address bar), which the
  // screen may not show yet while the router waits for a page's code. Building on the shown ones
  // lost a select's choice to a typing pause that came before the select's page was shown.
  const historyPath = useHistoryPath();
  const { pathname } = useLocation();
  const latestFilters = () => {
    const path = historyPath?.();
    return path?.pathname === pathname
      ? filtersFromParams(new URLSearchParams(path.search))
      : filters;
  };
  const change: SearchChange = (next, options = {}) => {
    const filtersNext = typeof next === 'function' ? next(latestFilters()) : next;
    setParams(paramsFromFilters(filtersNext), { replace: options.replace ?? false });
  };

  const goTo = (page: number) => {
    change({ ...filters, page });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <PageContainer>
      <PageTitle title={filters.search ? `Buscar: ${filters.search}` : 'Buscar productos'} />
      <Typography variant="h2" component="h1" sx={{ mb: 2.5 }}>
        {PRODUCTS_TEXT.searchTitle}
      </Typography>
      <SearchPanel
        filters={filters}
        categories={categories.data ?? []}
        priceError={priceError}
        onChange={change}
      />
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          justifyContent: 'space-between',
          gap: 1.5,
          mb: 2,
        }}
      >
        <Typography color="text.secondary" aria-live="polite">
          {results.data
            ? formatCount(results.data.total, 'producto encontrado', 'productos encontrados')
            : results.isError
              ? ''
              : 'Buscando...'}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <SaveSearchButton criteria={filters} requireSignIn={requireSignIn} />
          <SortSelect filters={filters} onChange={change} />
        </Box>
      </Box>
      {!priceError && (
        <Suspense fallback={<SkeletonGrid count={SEARCH_SKELETONS} label={RESULTS_LABEL} />}>
          <SearchResults
            results={results}
            page={filters.page}
            onPageChange={goTo}
            label={RESULTS_LABEL}
            skeletons={SEARCH_SKELETONS}
          />
        </Suspense>
      )}
    </PageContainer>
  );
};

/** The categories and the search's first answer, for the server's render (decision 045). */
export const prefetchSearch: PrefetchPage = (queryClient, { searchParams }) =>
  Promise.all([
    queryClient.prefetchQuery(categoriesQueryOptions()),
    queryClient.prefetchQuery(
      productsQueryOptions(toProductQuery(filtersFromParams(searchParams), PAGE_SIZE)),
    ),
  ]);
