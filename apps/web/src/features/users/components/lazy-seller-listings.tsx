import { lazy, Suspense, useEffect } from 'react';

const loadSellerListings = () => import('@/features/products/components/seller-listings');
const SellerListings = lazy(() =>
  loadSellerListings().then((module) => ({ default: module.SellerListings })),
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
