import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/errors/error-alert';
import { toUserMessage } from '@/lib/api-client';
import { formatRating } from '@/utils/format';
import { useUserStats } from '../api/get-user-stats';

const StatTile = ({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) => (
  <Card sx={{ p: 2, height: '100%', display: 'flex', gap: 1.5, alignItems: 'center' }}>
    <Box
      sx={{
        width: 44,
        height: 44,
        borderRadius: 3,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'rgba(98, 0, 234, 0.08)',
        color: 'primary.main',
        flexShrink: 0,
      }}
    >
      {icon}
    </Box>
    <Box sx={{ minWidth: 0 }}>
      <Typography
        sx={{
          fontFamily: 'Poppins, Roboto, sans-serif',
          fontWeight: 700,
          fontSize: '1.35rem',
          lineHeight: 1.2,
        }}
      >
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {label}
      </Typography>
    </Box>
  </Card>
);

export const StatsSkeleton = () => (
  <Grid container spacing={2}>
    {[0, 1, 2, 3].map((index) => (
      <Grid key={index} size={{ xs: 6, sm: 3, md: 6 }}>
        <Skeleton variant="rounded" height={78} sx={{ borderRadius: 5 }} />
      </Grid>
    ))}
  </Grid>
);

/** productos, vendidos, promedio, totalReviews (spec section 2, profiles). */
export const UserStats = ({ userId }: { userId: number }) => {
  const stats = useUserStats(userId);
  if (stats.isPending) return <StatsSkeleton />;
  if (stats.isError) {
    return (
      <ErrorAlert
        message={toUserMessage(stats.error, 'No se pudieron cargar las estadísticas')}
        onRetry={() => void stats.refetch()}
        isRetrying={stats.isFetching}
      />
    );
  }
  const { productos, vendidos, promedio, totalReviews } = stats.data;
  return (
    <Grid container spacing={2} component="section" aria-label="Estadísticas">
      <Grid size={{ xs: 6, sm: 3, md: 6 }}>
        <StatTile icon={<Inventory2OutlinedIcon />} label="Productos" value={productos} />
      </Grid>
      <Grid size={{ xs: 6, sm: 3, md: 6 }}>
        <StatTile icon={<CheckCircleOutlineIcon />} label="Vendidos" value={vendidos} />
      </Grid>
      <Grid size={{ xs: 6, sm: 3, md: 6 }}>
        <StatTile icon={<StarRoundedIcon />} label="Promedio" value={formatRating(promedio)} />
      </Grid>
      <Grid size={{ xs: 6, sm: 3, md: 6 }}>
        <StatTile icon={<RateReviewOutlinedIcon />} label="Reseñas" value={totalReviews} />
      </Grid>
    </Grid>
  );
};
