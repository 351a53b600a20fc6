import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UpdateUserResponse } from '@unimercado/shared/schemas/users';
import { useCallback, useState, type ReactNode } from 'react';
import { ErrorAlert } from '@/components/errors/error-alert';
import { ApiError, toUserMessage } from '@/lib/api-client';
import { useUser } from '../api/get-user';
import { ProfileCard } from './profile-card';
import { ProfileEditForm } from './profile-edit-form';
import { ProfileSkeleton } from './profile-skeleton';
import { ReceivedReviews } from './received-reviews';
import { UserStats } from './user-stats';

export const PROFILE_LOAD_FALLBACK = 'Error al obtener perfil';

/**
 * /profile (spec section 2): 'Mi Perfil' view or 'Editando Perfil' form, the verification card
 * (passed in by the page), statistics and the reviews received.
 */
export const OwnProfile = ({
  userId,
  verificationCard,
  onProfileSaved,
  listings,
}: {
  userId: number;
  verificationCard: ReactNode;
  onProfileSaved: (saved: UpdateUserResponse) => void;
  /** The user's listings (composed by the page), shown once the profile has loaded. */
  listings?: ReactNode;
}) => {
  const profile = useUser(userId);
  const [isEditing, setIsEditing] = useState(false);
  const closeEditor = useCallback(() => setIsEditing(false), []);

  const title = isEditing ? 'Editando Perfil' : 'Mi Perfil';
  const isNotFound =
    profile.isError && profile.error instanceof ApiError && profile.error.status === 404;

  let content: ReactNode;
  if (profile.isPending) {
    content = <ProfileSkeleton />;
  } else if (isNotFound || (profile.isSuccess && !profile.data)) {
    content = (
      <Alert severity="warning">
        <AlertTitle>Perfil no encontrado</AlertTitle>
        No se pudo cargar la información del perfil.
      </Alert>
    );
  } else if (profile.isError) {
    content = (
      <ErrorAlert
        title="Error al cargar el perfil"
        message={toUserMessage(profile.error, PROFILE_LOAD_FALLBACK)}
        onRetry={() => void profile.refetch()}
        isRetrying={profile.isFetching}
      />
    );
  } else {
    const user = profile.data;
    content = (
      <>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack spacing={3}>
              {isEditing ? (
                <ProfileEditForm
                  // The owner always gets their own email back (decision 012).
                  user={{ ...user, email: user.email ?? '' }}
                  onCancel={closeEditor}
                  onClose={closeEditor}
                  onSaved={onProfileSaved}
                />
              ) : (
                <ProfileCard
                  user={user}
                  showEmptyPhone
                  actions={
                    <Button
                      variant="outlined"
                      size="small"
                      startIcon={<EditOutlinedIcon />}
                      onClick={() => setIsEditing(true)}
                    >
                      Editar
                    </Button>
                  }
                />
              )}
              {verificationCard}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={3}>
              <UserStats userId={user.id} />
              <ReceivedReviews userId={user.id} isOwnProfile />
            </Stack>
          </Grid>
        </Grid>
        {listings}
      </>
    );
  }

  return (
    <>
      <Typography variant="h2" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {content}
    </>
  );
};
