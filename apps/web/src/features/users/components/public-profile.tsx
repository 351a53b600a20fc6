import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Profile } from '@unimercado/shared/schemas/users';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/errors/error-alert';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';
import { ApiError, toUserMessage } from '@/lib/api-client';
import { useUser } from '../api/get-user';
import { canContact } from '../utils/contact';
import { ProfileCard } from './profile-card';
import { ProfileSkeleton } from './profile-skeleton';
import { ReceivedReviews } from './received-reviews';
import { UserStats } from './user-stats';
import { PROFILE_COLUMNS_SX } from './profile-layout';

export const PUBLIC_PROFILE_LOAD_ERROR = 'No se pudo cargar el perfil del usuario';
export const MISSING_USER_ID = 'ID de usuario no proporcionado';
export const CONTACT_HINT_ANONYMOUS =
  'Para ver su correo y su teléfono, inicia sesión con una cuenta verificada.';
export const CONTACT_HINT_UNVERIFIED =
  'Para ver su correo y su teléfono, verifica tu email desde tu perfil.';

/**
 * /user/:userId (spec section 2): 'Volver', 'Perfil de {name}', initials avatar, email, phone if
 * any, a contact icon for a signed-in viewer who is not the owner, stats and reviews. Open to
 * anonymous visitors; email and phone only for verified members (decision 012).
 */
export const PublicProfile = ({
  userId,
  viewerId,
  isViewerVerified,
  onBack,
  onContact,
  listings,
  memberActions,
}: {
  userId: number | null;
  viewerId: number | null;
  isViewerVerified: boolean;
  onBack: () => void;
  onContact: (user: Profile) => void;
  /** The user's listings (composed by the page), shown once the profile has loaded. */
  listings?: ReactNode;
  /** Under the profile card, for a signed-in visitor who is not this member (report, block). */
  memberActions?: (user: Profile) => ReactNode;
}) => {
  const profile = useUser(userId);
  const backButton = (
    <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ mb: 2, ml: -1 }}>
      Volver
    </Button>
  );

  let body: ReactNode;
  if (userId === null) {
    body = <Alert severity="error">{MISSING_USER_ID}</Alert>;
  } else if (profile.isPending) {
    body = <ProfileSkeleton />;
  } else if (profile.isError) {
    body =
      profile.error instanceof ApiError && profile.error.status === 404 ? (
        <Alert severity="warning">
          <AlertTitle>Perfil no encontrado</AlertTitle>
          Este usuario no existe o su cuenta fue eliminada.
        </Alert>
      ) : (
        <ErrorAlert
          title={PUBLIC_PROFILE_LOAD_ERROR}
          message={toUserMessage(profile.error, 'Inténtalo de nuevo en unos segundos.')}
          onRetry={() => void profile.refetch()}
          isRetrying={profile.isFetching}
        />
      );
  } else {
    const user = profile.data;
    const isOwner = viewerId === user.id;
    body = (
      <>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 3 }}>
          <Typography variant="h2" component="h1" sx={{ wordBreak: 'break-word' }}>
            Perfil de {user.name}
          </Typography>
          {isOwner && (
            <Chip
              label="Este es tu perfil"
              color="primary"
              variant="outlined"
              component={RouterLink}
              to={paths.profile}
              clickable
              // A 44px touch target on phones (conventions.md).
              sx={{ height: 44, borderRadius: 22 }}
            />
          )}
        </Box>
        <Box sx={PROFILE_COLUMNS_SX}>
          <Box>
            <ProfileCard
              user={user}
              contactHint={
                viewerId === null
                  ? CONTACT_HINT_ANONYMOUS
                  : !isViewerVerified
                    ? CONTACT_HINT_UNVERIFIED
                    : undefined
              }
              actions={
                canContact(viewerId, user.id) ? (
                  // The native `title` instead of MUI Tooltip (issue 7's JS budget).
                  <IconButton
                    color="primary"
                    title="Enviar mensaje"
                    aria-label={`Enviar mensaje a ${user.name}`}
                    onClick={() => onContact(user)}
                    sx={{ bgcolor: 'rgba(98, 0, 234, 0.08)' }}
                  >
                    <ChatOutlinedIcon />
                  </IconButton>
                ) : undefined
              }
            />
            {viewerId !== null && !isOwner && memberActions?.(user)}
          </Box>
          <Box>
            <Stack spacing={3}>
              <UserStats userId={user.id} />
              <ReceivedReviews userId={user.id} isOwnProfile={isOwner} />
            </Stack>
          </Box>
        </Box>
        {listings}
      </>
    );
  }

  return (
    <>
      <PageTitle title={profile.data ? `Perfil de ${profile.data.name}` : 'Perfil de usuario'} />
      {backButton}
      {body}
    </>
  );
};
