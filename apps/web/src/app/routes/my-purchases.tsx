import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Product } from '@unimercado/shared/schemas/products';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/errors/error-alert';
import { RefreshButton } from '@/components/feedback/refresh-button';
import { StatCard, StatCardSkeleton, StatGrid } from '@/components/feedback/stat-card';
import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';
import { EmptyState, ProductGrid } from '@/features/products/components/product-grid';
import { REVIEWS_TEXT } from '@/features/reviews/messages';
import { usePurchases } from '@/features/sales/api/get-purchases';
import {
  ContactSellerButton,
  PURCHASE_BUTTON_SX,
  PurchaseFooter,
} from '@/features/sales/components/purchase-details';
import { useLiveSales } from '@/features/sales/hooks/use-live-sales';
import { SALES_TEXT } from '@/features/sales/messages';
import { useAuth } from '@/lib/auth';
import { formatPrice } from '@/utils/format';

// 'Calificar transacción' loads when first opened (issue 7's JS budget).
const RateDialog = lazy(async () => ({
  default: (await import('@/features/reviews/components/rate-dialog')).RateDialog,
}));

/** Eight skeleton cards while the purchases load (spec section 9). */
const PURCHASES_SKELETONS = 8;

const Purchases = ({ userId }: { userId: number }) => {
  const purchases = usePurchases(userId);
  const [rating, setRating] = useState<Product | null>(null);
  useLiveSales();

  const ratedIds = useMemo(
    () =>
      new Set(
        purchases.data?.filter((purchase) => purchase.isReviewed).map((p) => p.productId) ?? [],
      ),
    [purchases.data],
  );
  const products = purchases.data?.map((purchase) => purchase.product);
  const byProduct = useMemo(
    () => new Map(purchases.data?.map((purchase) => [purchase.productId, purchase])),
    [purchases.data],
  );
  const isLoading = purchases.isPending;
  const isError = purchases.isError;
  const isFetching = purchases.isFetching;
  const refresh = () => void purchases.refetch();

  const header = (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}
    >
      <Box>
        <Typography variant="h2" component="h1">
          {SALES_TEXT.purchasesTitle}
        </Typography>
        <Typography color="text.secondary">
          Lo que compraste y la opinión que dejaste a cada vendedor.
        </Typography>
      </Box>
      <RefreshButton onClick={refresh} busy={isFetching} />
    </Box>
  );

  if (isError) {
    return (
      <>
        {header}
        <ErrorAlert message={SALES_TEXT.purchasesError} onRetry={refresh} isRetrying={isFetching} />
      </>
    );
  }

  const pendingCount = products?.filter((product) => !ratedIds.has(product.id)).length ?? 0;
  const spent = purchases.data?.reduce((sum, purchase) => sum + purchase.price, 0) ?? 0;

  return (
    <>
      {header}
      <StatGrid label="Estadísticas de compras" columns={3}>
        {isLoading || !products ? (
          [0, 1, 2].map((index) => <StatCardSkeleton key={index} />)
        ) : (
          <>
            <StatCard
              label={SALES_TEXT.totalPurchases}
              value={products.length}
              icon={<ShoppingBagOutlinedIcon />}
            />
            <StatCard
              label={SALES_TEXT.totalSpent}
              value={formatPrice(spent)}
              icon={<PaidOutlinedIcon />}
            />
            <StatCard
              label={SALES_TEXT.pendingReviews}
              value={pendingCount}
              icon={<RateReviewOutlinedIcon />}
            />
          </>
        )}
      </StatGrid>
      <ProductGrid
        products={isLoading ? undefined : products}
        isLoading={isLoading}
        skeletons={PURCHASES_SKELETONS}
        headingLevel="h2"
        label="Productos comprados"
        // What was paid, the seller, the date and the chat with them, under 'Comprado' (issue 18).
        detailsOf={(product) => ({
          price: byProduct.get(product.id)?.price,
          banner: SALES_TEXT.bought,
        })}
        renderFooter={(product) => {
          const purchase = byProduct.get(product.id);
          return purchase && <PurchaseFooter purchase={purchase} />;
        }}
        renderActions={(product) => {
          const purchase = byProduct.get(product.id);
          return (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, width: '100%' }}>
              {ratedIds.has(product.id) ? (
                <Chip
                  icon={<TaskAltIcon />}
                  label={REVIEWS_TEXT.rated}
                  color="success"
                  variant="outlined"
                />
              ) : (
                <Button
                  size="small"
                  variant="contained"
                  startIcon={<StarRoundedIcon />}
                  onClick={() => setRating(product)}
                  aria-label={`${REVIEWS_TEXT.rate}: ${product.title}`}
                  fullWidth
                  sx={PURCHASE_BUTTON_SX}
                >
                  {REVIEWS_TEXT.rate}
                </Button>
              )}
              {purchase && <ContactSellerButton purchase={purchase} />}
            </Box>
          );
        }}
        empty={
          <EmptyState
            title={SALES_TEXT.purchasesEmpty}
            hint={SALES_TEXT.purchasesEmptyHint}
            icon={<ShoppingBagOutlinedIcon />}
            action={
              <Button component={RouterLink} to={paths.products} variant="contained">
                Explorar productos
              </Button>
            }
          />
        }
      />
      {rating && (
        <Suspense fallback={null}>
          <RateDialog
            key={rating.id}
            product={rating}
            reviewerId={userId}
            onClose={() => setRating(null)}
            onSent={() => setRating(null)}
          />
        </Suspense>
      )}
    </>
  );
};

/**
 * /my-purchases, 'Mis Compras' (spec section 2): 'Total de compras', 'Total gastado' and
 * 'Pendientes de reseña'; the purchased products once each, with 'Ya calificado' or 'Calificar
 * producto' (the 'Calificar transacción' dialog); empty state, error with Reintentar, refresh.
 */
export const MyPurchasesRoute = () => {
  const { user } = useAuth();
  return (
    <PageContainer>
      <PageTitle title={SALES_TEXT.purchasesTitle} />
      {user && <Purchases userId={user.id} />}
    </PageContainer>
  );
};
