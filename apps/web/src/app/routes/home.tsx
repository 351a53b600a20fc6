import { HOME_RECENT_COUNT } from '@unimercado/shared/constants';
import { PageTitle } from '@/components/layout/page-title';
import { env } from '@/config/env';
import { categoriesQueryOptions, useCategories } from '@/features/categories/api/get-categories';
import { Landing } from '@/features/home/components/landing';
import {
  availableProductsQueryOptions,
  useAvailableProducts,
} from '@/features/products/api/get-products';
import { HeroListings, RecentListings } from '@/features/products/components/recent-listings';
import { useAuth } from '@/lib/auth';
import type { PrefetchPage } from '../page-data';

export const HomeRoute = () => {
  const { isAuthenticated } = useAuth();
  const categories = useCategories();
  const recent = useAvailableProducts({ page: 0, size: HOME_RECENT_COUNT });
  const withPhotos = recent.data?.items.filter((product) => product.images.length > 0) ?? [];
  return (
    <>
      <PageTitle title="Compra y vende en tu universidad" />
      <Landing
        appName={env.appName}
        isAuthenticated={isAuthenticated}
        categories={categories.data}
        highlights={withPhotos.length > 0 ? <HeroListings products={withPhotos} /> : undefined}
        recent={
          <RecentListings
            products={recent.data?.items}
            isPending={recent.isPending}
            isError={recent.isError}
            onRetry={() => void recent.refetch()}
          />
        }
      />
    </>
  );
};

/** The categories and the newest listings, for the server's render (decision 045). */
export const prefetchHome: PrefetchPage = (queryClient) =>
  Promise.all([
    queryClient.prefetchQuery(categoriesQueryOptions()),
    queryClient.prefetchQuery(availableProductsQueryOptions({ page: 0, size: HOME_RECENT_COUNT })),
  ]);
