import Alert from '@mui/material/Alert';
import { useCallback } from 'react';
import type { User } from '@unimercado/shared/schemas/users';
import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { VerificationStatusCard } from '@/features/auth/components/verification-status-card';
import { OwnProfile } from '@/features/users/components/own-profile';
import { useAuth } from '@/lib/auth';

export const ProfileRoute = () => {
  const { user, updateUser } = useAuth();
  const handleSaved = useCallback(
    (saved: User) => updateUser({ name: saved.name, email: saved.email }),
    [updateUser],
  );
  return (
    <PageContainer>
      <PageTitle title="Mi Perfil" />
      {user ? (
        <OwnProfile
          userId={user.id}
          verificationCard={<VerificationStatusCard />}
          onProfileSaved={handleSaved}
        />
      ) : (
        <Alert severity="error">No se pudo obtener el ID del usuario</Alert>
      )}
    </PageContainer>
  );
};
