import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { paths } from '@/config/paths';
import { ProductDetail } from '@/features/products/components/product-detail';
import { usePendingAction } from '@/features/products/hooks/use-pending-action';
import { useAuth } from '@/lib/auth';
import { buildChatContact, buildProductGreeting } from '@/lib/chat-contact';

const parseId = (value: string | undefined) =>
  value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * /products/{id}. Contact opens the chat with the seller selected and a greeting about the
 * product (a visitor goes to /login first). Favourite and offer arrive with the trade issue: until
 * then they send a visitor to /login or say 'Próximamente' (usePendingAction).
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
        onContact={(product) => {
          if (!user) {
            pending.run();
            return;
          }
          const { to, state } = buildChatContact(
            { id: product.sellerId, name: product.sellerName },
            buildProductGreeting(product.sellerName, product.title),
          );
          void navigate(to, { state });
        }}
      />
      {pending.feedback}
    </PageContainer>
  );
};
