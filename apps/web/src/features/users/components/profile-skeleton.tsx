import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { StatsSkeleton } from './user-stats';
import { PROFILE_COLUMNS_SX } from './profile-layout';

/** Skeleton of the profile layout: card, stats and reviews. */
export const ProfileSkeleton = () => (
  <Box sx={PROFILE_COLUMNS_SX} aria-busy="true" aria-label="Cargando perfil">
    <Box>
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
            <Skeleton variant="circular" width={72} height={72} />
            <Box sx={{ flex: 1 }}>
              <Skeleton width="70%" height={32} />
              <Skeleton width="45%" />
            </Box>
          </Box>
          <Stack spacing={2}>
            <Skeleton width="85%" />
            <Skeleton width="60%" />
            <Skeleton width="50%" />
          </Stack>
        </CardContent>
      </Card>
    </Box>
    <Box>
      <Stack spacing={3}>
        <StatsSkeleton />
        <Skeleton variant="rounded" height={180} sx={{ borderRadius: 5 }} />
      </Stack>
    </Box>
  </Box>
);

/**
 * The 'Editando Perfil' form's shape while its code loads: four outlined fields (the last two with
 * a helper line) and the two buttons.
 */
export const ProfileEditSkeleton = () => (
  <Card aria-busy="true" aria-label="Cargando formulario">
    <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Stack spacing={2.25}>
        {[56, 56, 79, 79].map((height, index) => (
          <Skeleton key={index} variant="rounded" height={height} sx={{ borderRadius: 3 }} />
        ))}
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Skeleton variant="rounded" width={104} height={36} sx={{ borderRadius: 5 }} />
          <Skeleton variant="rounded" width={112} height={36} sx={{ borderRadius: 5 }} />
        </Stack>
      </Stack>
    </CardContent>
  </Card>
);
