import type { Product } from '@unimercado/shared/schemas/products';
import { useFavoriteToggle } from '@/features/favorites/hooks/use-favorite-toggle';
import { useRequireSignIn } from '@/features/products/hooks/use-pending-action';
import { useOfferDialog } from '@/features/sales/hooks/use-offer-dialog';
import { useAuth } from '@/lib/auth';

/**
 * Favourite and offer as the product pages offer them (spec sections 2 and 6): a visitor goes to
 * /login first; a member toggles the heart or opens the offer dialog. Render `elements` once.
 */
export const useTradeActions = () => {
  const { user } = useAuth();
  const requireSignIn = useRequireSignIn();
  const favorites = useFavoriteToggle();
  const offer = useOfferDialog(user?.id ?? null);
  return {
    onFavorite: requireSignIn((product: Product) => favorites.toggle(product)),
    onOffer: requireSignIn((product: Product) => offer.open(product)),
    isFavorite: favorites.isFavorite,
    elements: (
      <>
        {favorites.feedback}
        {offer.dialog}
      </>
    ),
  };
};
