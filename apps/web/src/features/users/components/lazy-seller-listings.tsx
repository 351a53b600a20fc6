import { Suspense, useEffect } from 'react';
import { lazyPart } from '@/lib/lazy-part';

const loadSellerListings = () => import('@/features/products/components/seller-listings');
const SellerListings = lazyPart(
  'seller-listings',
  async () => (await loadSellerListings()).SellerListings,
);

/**
 * A user's listings on the profile pages, with their code (product grid, cards, pagination)
 * loaded after the first render (issue 7's JS budget): it starts loading when the page mounts, and
 * the section shows below the profile, which comes first, so nothing above it moves.
 */
export const LazySellerListings = (props: { sellerId: number; isOwn: boolean }) => (
  <Suspense fallback={null}>
    <SellerListings {...props} />
  </Suspense>
);

/** Starts loading the listings' code (a page calls it on mount, before its profile arrives). */
export const usePreloadSellerListings = () => useEffect(() => void loadSellerListings(), []);
