import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/errors/error-alert';
import { RefreshButton } from '@/components/feedback/refresh-button';
import { StatCard, StatCardSkeleton, StatGrid } from '@/components/feedback/stat-card';
import { PageContainer } from '@/components/layout/page-container';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';
import { useIsNarrow } from '@/components/layout/use-layout';
import { paths } from '@/config/paths';
import { useFavorites } from '@/features/favorites/api/get-favorites';
import { FAVORITES_TEXT } from '@/features/favorites/messages';
import { averagePrice } from '@/features/favorites/utils/favorite-stats';
import { cardActionsFor } from '@/features/products/components/product-card-actions';
import { EmptyState, ProductGrid } from '@/features/products/components/product-grid';
import { useAuth } from '@/lib/auth';
import { formatPrice } from '@/utils/format';
import { useTradeActions } from '../use-trade-actions';

/** Eight skeleton cards while the favourites load (spec section 9). */
const FAVORITES_SKELETONS = 8;

/**
 * /my-favorites, 'Mis Favoritos' (spec section 2): 'Productos favoritos' and 'Precio promedio'
 * (rounded mean), the saved products with their heart and offer, the empty state with Explorar
 * productos and Actualizar, the error with Reintentar and a floating refresh button.
 */
export const MyFavoritesRoute = () => {
  const { user } = useAuth();
  const favorites = useFavorites(user?.id ?? null);
  const trade = useTradeActions();
  const refresh = () => void favorites.refetch();
  const isNarrow = useIsNarrow();
  const products = favorites.data?.products;

  return (
    <PageContainer>
      <PageTitle title={FAVORITES_TEXT.title} />
      <PageHeader
        title={FAVORITES_TEXT.title}
        subtitle={FAVORITES_TEXT.subtitle}
        // With the bottom bar (phones), the refresh sits here: floating, it stood beside the
        // bar's create button and over the cards (issue 18).
        actions={
          isNarrow && (
            <RefreshButton
              onClick={refresh}
              busy={favorites.isFetching}
              label={FAVORITES_TEXT.refresh}
            />
          )
        }
      />

      {favorites.isError ? (
        <ErrorAlert
          message={FAVORITES_TEXT.loadError}
          onRetry={refresh}
          isRetrying={favorites.isFetching}
        />
      ) : (
        <>
          <StatGrid label="Estadísticas de favoritos" columns={4}>
            {products ? (
              <>
                <StatCard
                  label={FAVORITES_TEXT.count}
                  value={favorites.data?.total ?? products.length}
                  icon={<FavoriteBorderIcon />}
                />
                <StatCard
                  label={FAVORITES_TEXT.averagePrice}
                  value={formatPrice(averagePrice(products.map((product) => product.price)))}
                  icon={<PaidOutlinedIcon />}
                />
              </>
            ) : (
              [0, 1].map((index) => <StatCardSkeleton key={index} />)
            )}
          </StatGrid>
          <ProductGrid
            products={products}
            isLoading={favorites.isPending}
            isRefreshing={favorites.isFetching && !favorites.isPending}
            skeletons={FAVORITES_SKELETONS}
            headingLevel="h2"
            label="Productos favoritos"
            renderActions={cardActionsFor(user?.id ?? null, trade)}
            empty={
              <EmptyState
                title={FAVORITES_TEXT.empty}
                hint={FAVORITES_TEXT.emptyHint}
                icon={<FavoriteBorderIcon />}
                action={
                  <Box
                    sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}
                  >
                    <Button component={RouterLink} to={paths.products} variant="contained">
                      {FAVORITES_TEXT.explore}
                    </Button>
                    <Button variant="outlined" onClick={refresh} disabled={favorites.isFetching}>
                      {FAVORITES_TEXT.refresh}
                    </Button>
                  </Box>
                }
              />
            }
          />
        </>
      )}
      {!isNarrow && (
        <Fab
          color="primary"
          aria-label={FAVORITES_TEXT.refresh}
          onClick={refresh}
          disabled={favorites.isFetching}
          sx={{ position: 'fixed', right: { xs: 16, md: 32 }, bottom: { xs: 88, md: 32 } }}
        >
          <RefreshIcon />
        </Fab>
      )}
      {trade.elements}
    </PageContainer>
  );
};
