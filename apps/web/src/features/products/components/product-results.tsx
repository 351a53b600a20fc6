import { PRODUCT_READ_MESSAGES } from '@unimercado/shared/schemas/product-read-messages';
import type { Product } from '@unimercado/shared/schemas/products';
import type { UseQueryResult } from '@tanstack/react-query';
import { Suspense, useEffect, type ComponentProps } from 'react';
import { ErrorAlert } from '@/components/errors/error-alert';
import type { Page } from '@/lib/api-client';
import { lazyPart } from '@/lib/lazy-part';
import { ProductGrid } from './product-grid';

// MUI's Pagination shows once the answer is there: its code follows the first render (issue 7).
const loadPaginationBar = () => import('./pagination-bar');
const PaginationBar = lazyPart(
  'pagination-bar',
  async () => (await loadPaginationBar()).PaginationBar,
);

/**
 * A paginated product list as every page shows it: the grid (skeletons, empty state, cards), the
 * 'Página X de Y' bar, or the list error with 'Reintentar'.
 */
export const ProductResults = ({
  query,
  page,
  pageSize,
  onPageChange,
  hidePaginationBelow = 1,
  ...grid
}: Omit<ComponentProps<typeof ProductGrid>, 'products' | 'isLoading' | 'isRefreshing'> & {
  query: UseQueryResult<Page<Product>>;
  /** 1-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** The bar shows from this many products on. */
  hidePaginationBelow?: number;
}) => {
  useEffect(() => void loadPaginationBar(), []);
  if (query.isError) {
    return (
      <ErrorAlert
        message={PRODUCT_READ_MESSAGES.listError}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return (
    <>
      <ProductGrid
        {...grid}
        products={query.data?.items}
        isLoading={query.isPending}
        isRefreshing={query.isPlaceholderData}
      />
      {query.data && query.data.total >= Math.max(1, hidePaginationBelow) && (
        <Suspense fallback={null}>
          <PaginationBar
            page={page}
            pageSize={pageSize}
            total={query.data.total}
            shown={query.data.items.length}
            onChange={onPageChange}
          />
        </Suspense>
      )}
    </>
  );
};
