import type { Profile } from '@unimercado/shared/schemas/users';
import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { productsQueryOptions } from '@/features/products/api/get-products';
import { PROFILE_PAGE_SIZE } from '@/features/products/components/seller-listings';
import { userQueryOptions } from '@/features/users/api/get-user';
import { receivedReviewsQueryOptions } from '@/features/users/api/get-user-reviews';
import { userStatsQueryOptions } from '@/features/users/api/get-user-stats';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { LazyMemberSafety } from '@/features/safety/components/lazy-member-safety';
import { PublicProfile } from '@/features/users/components/public-profile';
import {
  LazySellerListings,
  usePreloadSellerListings,
} from '@/features/users/components/lazy-seller-listings';
import { buildChatContact, parseUserId } from '@/features/users/utils/contact';
import { useAuth } from '@/lib/auth';
import type { PrefetchPage } from '../page-data';

export const PublicProfileRoute = () => {
  const { userId } = useParams();
  const { user } = useAuth();
  usePreloadSellerListings();
  const navigate = useNavigate();

  const goBack = () => {
    // React Router keeps the history index in history.state: go back only inside the app.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.products);
  };

  // The chat page (a later issue) reads the preselected user and the greeting from here.
  const contact = (target: Profile) => {
    const { to, state } = buildChatContact(target, env.appName);
    void navigate(to, { state });
  };

  const id = parseUserId(userId);
  return (
    <PageContainer>
      <PublicProfile
        userId={id}
        viewerId={user?.id ?? null}
        isViewerVerified={user?.verified ?? false}
        onBack={goBack}
        onContact={contact}
        listings={id !== null && <LazySellerListings sellerId={id} isOwn={user?.id === id} />}
        memberActions={(member) => <LazyMemberSafety userId={member.id} name={member.name} />}
      />
    </PageContainer>
  );
};

/** The member's profile, statistics, reviews and first listings, for the server's render (045). */
export const prefetchPublicProfile: PrefetchPage = async (queryClient, { params }) => {
  const id = parseUserId(params.userId);
  if (id === null) return;
  await Promise.all([
    queryClient.prefetchQuery(userQueryOptions(id)),
    queryClient.prefetchQuery(userStatsQueryOptions(id)),
    queryClient.prefetchQuery(receivedReviewsQueryOptions(id)),
    queryClient.prefetchQuery(
      productsQueryOptions({ sellerId: id, page: 0, size: PROFILE_PAGE_SIZE }),
    ),
  ]);
};
