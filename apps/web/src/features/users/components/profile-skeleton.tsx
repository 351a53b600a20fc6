import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { StatsSkeleton } from './user-stats';

/** Skeleton of the profile layout: card, stats and reviews. */
export const ProfileSkeleton = () => (
  <Grid container spacing={3} aria-busy="true" aria-label="Cargando perfil">
    <Grid size={{ xs: 12, md: 5 }}>
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
    </Grid>
    <Grid size={{ xs: 12, md: 7 }}>
      <Stack spacing={3}>
        <StatsSkeleton />
        <Skeleton variant="rounded" height={180} sx={{ borderRadius: 5 }} />
      </Stack>
    </Grid>
  </Grid>
);
