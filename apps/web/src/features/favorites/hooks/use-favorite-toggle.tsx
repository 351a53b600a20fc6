import type { Product } from '@unimercado/shared/schemas/products';
import { useCallback, useMemo, useState } from 'react';
import { NoticeSnackbar } from '@/components/feedback/notice-snackbar';
import { useAuth } from '@/lib/auth';
import { useFavoriteIds } from '../api/get-favorite-ids';
import { useToggleFavorite } from '../api/toggle-favorite';
import { FAVORITES_TEXT } from '../messages';

/**
 * The heart on cards and on the product page: which products the signed-in user saved, the
 * toggle, and its confirmation or 'Error al actualizar favorito.' (spec section 8). Render
 * `feedback` once in the page.
 */
export const useFavoriteToggle = () => {
  const { user } = useAuth();
  const favoriteIds = useFavoriteIds(user?.id ?? null);
  const mutation = useToggleFavorite();
  const [message, setMessage] = useState<string | null>(null);
  // Until the list reloads, the heart shows what was just asked for.
  const [pending, setPending] = useState<Map<number, boolean>>(new Map());

  const savedIds = useMemo(() => new Set(favoriteIds.data?.productIds), [favoriteIds.data]);

  const isFavorite = useCallback(
    (productId: number) => pending.get(productId) ?? savedIds.has(productId),
    [pending, savedIds],
  );

  const toggle = useCallback(
    (product: Pick<Product, 'id'>) => {
      if (!user) return;
      const next = !isFavorite(product.id);
      setPending((current) => new Map(current).set(product.id, next));
      mutation.mutate(
        { userId: user.id, productId: product.id },
        {
          onSuccess: (state) =>
            setMessage(state.isFavorite ? FAVORITES_TEXT.added : FAVORITES_TEXT.removed),
          onError: () => setMessage(FAVORITES_TEXT.toggleError),
          onSettled: () =>
            setPending((current) => {
              const copy = new Map(current);
              copy.delete(product.id);
              return copy;
            }),
        },
      );
    },
    [user, isFavorite, mutation],
  );

  const feedback = <NoticeSnackbar message={message} onClose={() => setMessage(null)} />;
  return { isFavorite, toggle, feedback };
};
