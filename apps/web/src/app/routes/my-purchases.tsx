import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { Product } from '@unimercado/shared/schemas/products';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/errors/error-alert';
import { RefreshButton } from '@/components/feedback/refresh-button';
import { StatCard, StatCardSkeleton, StatGrid } from '@/components/feedback/stat-card';
import { PageContainer } from '@/components/layout/page-container';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';
import { EmptyState, ProductGrid } from '@/features/products/components/product-grid';
import { HANDOFFS_KEY, useOpenHandoffs } from '@/features/handoffs/api/get-handoffs';
import { OpenHandoffs } from '@/features/handoffs/components/open-handoffs';
import { HANDOFF_TEXTS } from '@/features/handoffs/messages';
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
  const queryClient = useQueryClient();
  useLiveSales();
  // A reserved purchase is reviewed once the hand-off completes (decision 075): its card says so.
  const handoffs = useOpenHandoffs({ role: 'buyer' });
  const reservedIds = useMemo(
    () =>
      new Set(handoffs.items?.filter((h) => h.state === 'reserved').map((h) => h.product.id) ?? []),
    [handoffs.items],
  );

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
    <PageHeader
      title={SALES_TEXT.purchasesTitle}
      subtitle="Lo que compraste y la opinión que dejaste a cada vendedor."
      actions={<RefreshButton onClick={refresh} busy={isFetching} />}
    />
  );

  if (isError) {
    return (
      <>
        {header}
        <ErrorAlert message={SALES_TEXT.purchasesError} onRetry={refresh} isRetrying={isFetching} />
      </>
    );
  }

  const pendingCount =
    products?.filter((product) => !ratedIds.has(product.id) && !reservedIds.has(product.id))
      .length ?? 0;
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
      <OpenHandoffs
        role="buyer"
        variant="section"
        onRate={(handoff) => setRating(handoff.product)}
      />
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
              {reservedIds.has(product.id) ? (
                <Chip label={HANDOFF_TEXTS.states.reserved} color="warning" variant="outlined" />
              ) : ratedIds.has(product.id) ? (
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
            onSent={() => {
              setRating(null);
              // The hand-off card's 'Calificar producto' turns 'Ya calificado' and goes.
              void queryClient.invalidateQueries({ queryKey: HANDOFFS_KEY });
            }}
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
