import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { paths } from '@/config/paths';
import { ProductDetail } from '@/features/products/components/product-detail';
import { usePendingAction } from '@/features/products/hooks/use-pending-action';
import { useAuth } from '@/lib/auth';

const parseId = (value: string | undefined) =>
  value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * /products/{id}. Favourite and offer arrive with the trade issue, contact with the real-time
 * one: until then they send a visitor to /login or say 'Próximamente' (usePendingAction).
 */
export const ProductDetailRoute = () => {
  const { id } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const pending = usePendingAction();

  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.products);
  };

  return (
    <PageContainer>
      <ProductDetail
        productId={parseId(id)}
        viewerId={user?.id ?? null}
        onBack={goBack}
        onFavorite={pending.run}
        onOffer={pending.run}
        onContact={pending.run}
      />
      {pending.feedback}
    </PageContainer>
  );
};
