import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { verificationStatusQueryOptions } from '@/features/auth/api/verification-status';
import { VerificationStatusCard } from '@/features/auth/components/verification-status-card';
import { DigestSetting } from '@/features/chat/components/digest-setting';
import { LazyPushSettings } from '@/features/notifications/components/lazy-push-settings';
import {
  LazySellerListings,
  usePreloadSellerListings,
} from '@/features/users/components/lazy-seller-listings';
import { BlockedUsersCard } from '@/features/safety/components/blocked-users-card';
import { OwnProfile } from '@/features/users/components/own-profile';
import { PasskeysCard } from '@/features/users/components/passkeys-card';
import { useAuth } from '@/lib/auth';

export const ProfileRoute = () => {
  const { user } = useAuth();
  usePreloadSellerListings();
  const queryClient = useQueryClient();
  // A new email is unverified again: the status card reloads.
  const handleSaved = useCallback(
    () => void queryClient.invalidateQueries(verificationStatusQueryOptions()),
    [queryClient],
  );
  return (
    <PageContainer>
      <PageTitle title="Mi Perfil" />
      {user ? (
        <OwnProfile
          userId={user.id}
          verificationCard={
            <>
              <VerificationStatusCard />
              <DigestSetting />
              <LazyPushSettings />
              <PasskeysCard />
              <BlockedUsersCard />
            </>
          }
          onProfileSaved={handleSaved}
          listings={<LazySellerListings sellerId={user.id} isOwn />}
        />
      ) : (
        <Alert severity="error">No se pudo obtener el ID del usuario</Alert>
      )}
    </PageContainer>
  );
};
