import type { Profile } from '@unimercado/shared/schemas/users';
import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { PublicProfile } from '@/features/users/components/public-profile';
import {
  LazySellerListings,
  usePreloadSellerListings,
} from '@/features/users/components/lazy-seller-listings';
import { buildChatContact, parseUserId } from '@/features/users/utils/contact';
import { useAuth } from '@/lib/auth';

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
      />
    </PageContainer>
  );
};
