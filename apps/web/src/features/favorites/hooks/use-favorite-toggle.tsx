import type { Product } from '@unimercado/shared/schemas/products';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { useFavorites } from '../api/get-favorites';
import { useToggleFavorite } from '../api/toggle-favorite';
import { FAVORITES_TEXT } from '../messages';

// Loaded with the first toggle, not with the product pages (issue 7's JS budget).
const Snackbar = lazy(() => import('@mui/material/Snackbar'));

/**
 * The heart on cards and on the product page: which products the signed-in user saved, the
 * toggle, and its confirmation or 'Error al actualizar favorito.' (spec section 8). Render
 * `feedback` once in the page.
 */
export const useFavoriteToggle = () => {
  const { user } = useAuth();
  const favorites = useFavorites(user?.id ?? null);
  const mutation = useToggleFavorite();
  const [message, setMessage] = useState<string | null>(null);
  // Mounted from the first message on, so later ones open and close with their transition.
  const hasMessaged = message !== null || mutation.isIdle === false;
  // Until the list reloads, the heart shows what was just asked for.
  const [pending, setPending] = useState<Map<number, boolean>>(new Map());

  const savedIds = useMemo(
    () => new Set(favorites.data?.products.map((product) => product.id) ?? []),
    [favorites.data],
  );

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

  const feedback = hasMessaged ? (
    <Suspense fallback={null}>
      <Snackbar
        open={message !== null}
        message={message}
        autoHideDuration={2500}
        onClose={() => setMessage(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ bottom: { xs: 88, md: 24 } }}
      />
    </Suspense>
  ) : null;
  return { isFavorite, toggle, feedback };
};
