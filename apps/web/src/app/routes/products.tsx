import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PAGE_SIZE, PRODUCT_SORTS, type ProductSort } from '@unimercado/shared/constants';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';
import {
  availableProductsQueryOptions,
  useAvailableProducts,
} from '@/features/products/api/get-products';
import { cardActionsFor } from '@/features/products/components/product-card-actions';
import { EmptyState } from '@/features/products/components/product-grid';
import { ProductResults } from '@/features/products/components/product-results';
import { ProductSortSelect } from '@/features/products/components/sort-select';
import { PRODUCTS_TEXT } from '@/features/products/messages';
import { useAuth } from '@/lib/auth';
import { useTradeActions } from '../use-trade-actions';
import type { PrefetchPage } from '../page-data';

const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** The sort in the URL when it is one /products offers (no text, so no 'relevance'). */
const sortFrom = (value: string | null): ProductSort | undefined =>
  value !== 'relevance' && (PRODUCT_SORTS as readonly (string | null)[]).includes(value)
    ? (value as ProductSort)
    : undefined;

/** The API's query for a page of /products: the URL's page and sort (decision 097). */
const queryFrom = (params: URLSearchParams) => {
  const sort = sortFrom(params.get('sort'));
  return { page: pageFrom(params.get('page')) - 1, size: PAGE_SIZE, ...(sort ? { sort } : {}) };
};

/**
 * /products (spec section 2): the available products, 12 per page, newest first unless another
 * sort is chosen (the same options as /search, decision 097); page and sort live in the URL.
 */
export const ProductsRoute = () => {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const query = queryFrom(params);
  const { user, isAuthenticated } = useAuth();
  const products = useAvailableProducts(query);
  const trade = useTradeActions();

  const paramsFor = (next: number, sort: ProductSort | undefined) => ({
    ...(next > 1 ? { page: String(next) } : {}),
    ...(sort && sort !== 'newest' ? { sort } : {}),
  });
  const goTo = (next: number) => {
    setParams(paramsFor(next, query.sort));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <PageContainer>
      <PageTitle title={page > 1 ? `Productos · Página ${page}` : 'Productos'} />
      <Box
        sx={{
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'space-between',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1.5,
          mb: 3,
        }}
      >
        <Box>
          <Typography variant="h2" component="h1">
            Productos disponibles
          </Typography>
          <Typography color="text.secondary">
            Lo que tu comunidad universitaria está vendiendo ahora mismo.
          </Typography>
        </Box>
        <Box
          sx={{
            display: 'flex',
            gap: 1.5,
            alignItems: 'center',
            flexWrap: 'wrap',
            width: { xs: '100%', sm: 'auto' },
          }}
        >
          <ProductSortSelect
            value={query.sort ?? null}
            hasSearch={false}
            onChange={(sort) => setParams(paramsFor(1, sort))}
          />
          <Button component={RouterLink} to={paths.search} variant="outlined">
            Buscar y filtrar
          </Button>
        </Box>
      </Box>

      <ProductResults
        query={products}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={goTo}
        label="Productos disponibles"
        skeletons={PAGE_SIZE}
        headingLevel="h2"
        renderActions={cardActionsFor(user?.id ?? null, trade)}
        empty={
          <EmptyState
            title={PRODUCTS_TEXT.empty}
            hint={PRODUCTS_TEXT.emptyHint}
            icon={<StorefrontOutlinedIcon />}
            action={
              <Button
                component={RouterLink}
                to={isAuthenticated ? paths.createProduct : paths.register}
                variant="contained"
              >
                {isAuthenticated ? 'Publicar un producto' : 'Crear una cuenta'}
              </Button>
            }
          />
        }
      />
      {trade.elements}
    </PageContainer>
  );
};

/** The page's products, for the server's render (decision 045). */
export const prefetchProducts: PrefetchPage = (queryClient, { searchParams }) =>
  queryClient.prefetchQuery(availableProductsQueryOptions(queryFrom(searchParams)));
