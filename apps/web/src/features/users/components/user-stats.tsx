import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/errors/error-alert';
import { toUserMessage } from '@/lib/api-client';
import { formatRating } from '@/utils/format';
import { useUserStats } from '../api/get-user-stats';
import { STATS_GRID_SX } from './profile-layout';

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
  <Box sx={STATS_GRID_SX}>
    {[0, 1, 2, 3].map((index) => (
      <Box key={index}>
        <Skeleton variant="rounded" height={78} sx={{ borderRadius: 5 }} />
      </Box>
    ))}
  </Box>
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
    <Box sx={STATS_GRID_SX} component="section" aria-label="Estadísticas">
      <Box>
        <StatTile icon={<Inventory2OutlinedIcon />} label="Productos" value={productos} />
      </Box>
      <Box>
        <StatTile icon={<CheckCircleOutlineIcon />} label="Vendidos" value={vendidos} />
      </Box>
      <Box>
        <StatTile icon={<StarRoundedIcon />} label="Promedio" value={formatRating(promedio)} />
      </Box>
      <Box>
        <StatTile icon={<RateReviewOutlinedIcon />} label="Reseñas" value={totalReviews} />
      </Box>
    </Box>
  );
};
