import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@unimercado/shared/schemas/products';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useProduct } from '@/features/products/api/get-product';
import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { useCategories } from '@/features/categories/api/get-categories';
import { HANDOFFS_KEY } from '@/features/handoffs/api/get-handoffs';
import { OpenHandoffs } from '@/features/handoffs/components/open-handoffs';
import { SellerDashboard, type SellerTab } from '@/features/products/components/seller-dashboard';
import { useAuth } from '@/lib/auth';

// 'Ofertas recibidas' loads when first opened (issue 7's JS budget).
const OffersDialog = lazy(async () => ({
  default: (await import('@/features/sales/components/offers-dialog')).OffersDialog,
}));

/**
 * /my-products (spec section 2). The tab and page live in the URL; the offers button of an active
 * listing opens the offers received.
 */
export const MyProductsRoute = () => {
  const { user } = useAuth();
  const categories = useCategories();
  const [params, setParams] = useSearchParams();
  const tab: SellerTab = params.get('tab') === 'vendidos' ? 'sold' : 'active';
  const pageNumber = Number(params.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1;
  const [offersOf, setOffersOf] = useState<Product | null>(null);
  const queryClient = useQueryClient();
  // A new offer's notification leads here with `offers=<product id>` (issue 18).
  const linkedId = Number(params.get('offers'));
  const linked = useProduct(Number.isInteger(linkedId) && linkedId > 0 ? linkedId : null);
  const shownOffersOf =
    offersOf ?? (linked.data && linked.data.sellerId === user?.id ? linked.data : null);
  const closeOffers = () => {
    setOffersOf(null);
    // An accepted offer is a new hand-off: its card shows above the tabs.
    void queryClient.invalidateQueries({ queryKey: HANDOFFS_KEY });
    if (params.has('offers')) {
      const search = new URLSearchParams(params);
      search.delete('offers');
      setParams(search, { replace: true });
    }
  };

  const go = (next: { tab: SellerTab; page: number }) => {
    const search = new URLSearchParams();
    if (next.tab === 'sold') search.set('tab', 'vendidos');
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  return (
    <PageContainer>
      <PageTitle title="Mis productos" />
      {user ? (
        <SellerDashboard
          sellerId={user.id}
          tab={tab}
          page={page}
          categories={categories.data ?? []}
          onTabChange={(next) => go({ tab: next, page: 1 })}
          onPageChange={(next) => go({ tab, page: next })}
          onViewOffers={setOffersOf}
          aboveTabs={<OpenHandoffs role="seller" variant="section" />}
        />
      ) : (
        <Alert severity="error">No se pudo obtener el ID del vendedor</Alert>
      )}
      {shownOffersOf && (
        <Suspense fallback={null}>
          <OffersDialog product={shownOffersOf} onClose={closeOffers} />
        </Suspense>
      )}
    </PageContainer>
  );
};
