import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UpdateUserResponse } from '@unimercado/shared/schemas/users';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { ErrorAlert } from '@/components/errors/error-alert';
import { ApiError, toUserMessage } from '@/lib/api-client';
import { useUser } from '../api/get-user';
import { ProfileCard } from './profile-card';
import { ProfileEditSkeleton, ProfileSkeleton } from './profile-skeleton';
import { ReceivedReviews } from './received-reviews';
import { UserStats } from './user-stats';
import { PROFILE_COLUMNS_SX } from './profile-layout';

// The edit form (react-hook-form, zod and the API's schema) loads when asked for: on hover or
// focus of 'Editar', at the latest on its click (issue 7's JS budget).
const loadEditForm = () => import('./profile-edit-form');
const ProfileEditForm = lazy(() =>
  loadEditForm().then((module) => ({ default: module.ProfileEditForm })),
);
const preloadEditForm = () => void loadEditForm();

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
        <Box sx={PROFILE_COLUMNS_SX}>
          <Box>
            <Stack spacing={3}>
              {isEditing ? (
                <Suspense fallback={<ProfileEditSkeleton />}>
                  <ProfileEditForm
                    // The owner always gets their own email back (decision 012).
                    user={{ ...user, email: user.email ?? '' }}
                    onCancel={closeEditor}
                    onClose={closeEditor}
                    onSaved={onProfileSaved}
                  />
                </Suspense>
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
                      onPointerEnter={preloadEditForm}
                      onFocus={preloadEditForm}
                    >
                      Editar
                    </Button>
                  }
                />
              )}
              {verificationCard}
            </Stack>
          </Box>
          <Box>
            <Stack spacing={3}>
              <UserStats userId={user.id} />
              <ReceivedReviews userId={user.id} isOwnProfile />
            </Stack>
          </Box>
        </Box>
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
