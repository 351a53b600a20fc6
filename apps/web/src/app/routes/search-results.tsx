import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { PAGE_SIZE } from '@unimercado/shared/constants';
import type { Product } from '@unimercado/shared/schemas/products';
import type { UseQueryResult } from '@tanstack/react-query';
import { cardActionsFor } from '@/features/products/components/product-card-actions';
import { EmptyState } from '@/features/products/components/product-grid';
import { ProductResults } from '@/features/products/components/product-results';
import { PRODUCTS_TEXT } from '@/features/products/messages';
import type { Page } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useTradeActions } from '../use-trade-actions';

/**
 * The search's results with favourite and offer on each card: loaded by /search alongside its
 * first request (its skeletons meanwhile), not before the first render (issue 7's JS budget).
 */
export const SearchResults = ({
  results,
  page,
  onPageChange,
  label,
  skeletons,
}: {
  results: UseQueryResult<Page<Product>>;
  page: number;
  onPageChange: (page: number) => void;
  label: string;
  skeletons: number;
}) => {
  const { user } = useAuth();
  const trade = useTradeActions();
  return (
    <>
      <ProductResults
        query={results}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={onPageChange}
        label={label}
        skeletons={skeletons}
        headingLevel="h2"
        renderActions={cardActionsFor(user?.id ?? null, trade)}
        empty={
          <EmptyState
            title={PRODUCTS_TEXT.searchEmpty}
            hint={PRODUCTS_TEXT.searchEmptyHint}
            icon={<SearchOffOutlinedIcon />}
          />
        }
      />
      {trade.elements}
    </>
  );
};
