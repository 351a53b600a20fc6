import type { Product } from '@unimercado/shared/schemas/products';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { paths } from '@/config/paths';
import { productQueryOptions } from '@/features/products/api/get-product';
import { ProductDetail } from '@/features/products/components/product-detail';
import { useRequireSignIn } from '@/features/products/hooks/use-pending-action';
import { ListingSafety } from '@/features/safety/components/listing-safety';
import { useAuth } from '@/lib/auth';
import { buildChatContact, buildProductGreeting } from '@/lib/chat-contact';
import { useTradeActions } from '../use-trade-actions';
import type { PrefetchPage } from '../page-data';

const parseId = (value: string | undefined) =>
  value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * /products/{id}. Favourite toggles the heart, offer opens the offer dialog, contact opens the chat
 * with the seller selected and a greeting about the product; a visitor goes to /login first.
 */
export const ProductDetailRoute = () => {
  const { id } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const requireSignIn = useRequireSignIn();
  const trade = useTradeActions();
  const productId = parseId(id);
  // The page's own query (already loaded by ProductDetail): the safety links follow the listing.
  const product = useQuery({ ...productQueryOptions(productId ?? 0), enabled: productId !== null });

  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.products);
  };

  return (
    <PageContainer>
      <ProductDetail
        productId={productId}
        viewerId={user?.id ?? null}
        onBack={goBack}
        onFavorite={trade.onFavorite}
        onOffer={trade.onOffer}
        isFavorite={productId !== null && trade.isFavorite(productId)}
        onContact={requireSignIn((product: Product) => {
          const { to, state } = buildChatContact(
            { id: product.sellerId, name: product.sellerName },
            buildProductGreeting(product.sellerName, product.title),
            product.id,
          );
          void navigate(to, { state });
        })}
      />
      {product.data && (
        <ListingSafety
          productId={product.data.id}
          canReport={user !== null && user.id !== product.data.sellerId}
        />
      )}
      {trade.elements}
    </PageContainer>
  );
};

/** The product, for the server's render (decision 045). */
export const prefetchProductDetail: PrefetchPage = async (queryClient, { params }) => {
  const productId = parseId(params.id);
  if (productId !== null) await queryClient.prefetchQuery(productQueryOptions(productId));
};
