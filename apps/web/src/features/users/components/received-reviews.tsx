import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect } from 'react';
import { ErrorAlert } from '@/components/errors/error-alert';
import { toUserMessage } from '@/lib/api-client';
import { useReceivedReviews } from '../api/get-user-reviews';
import { lazyPart } from '@/lib/lazy-part';

// The list (Rating, Avatar, Divider) loads while the reviews are on their way, after the first
// render (issue 7's JS budget); its skeleton stays until both are here.
const loadReviewList = () => import('./received-review-list');
const ReceivedReviewList = lazyPart(
  'received-review-list',
  async () => (await loadReviewList()).default,
);

const ReviewsSkeleton = () => (
  <Stack spacing={2.5}>
    {[0, 1].map((index) => (
      <Box key={index} sx={{ display: 'flex', gap: 1.5 }}>
        <Skeleton variant="circular" width={40} height={40} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="40%" />
          <Skeleton width="30%" />
          <Skeleton width="90%" />
        </Box>
      </Box>
    ))}
  </Stack>
);

/** Reviews received; `isOwnProfile` adapts the wording (spec section 2). */
export const ReceivedReviews = ({
  userId,
  isOwnProfile,
}: {
  userId: number;
  isOwnProfile: boolean;
}) => {
  const reviews = useReceivedReviews(userId);
  useEffect(() => void loadReviewList(), []);
  return (
    <Card component="section" aria-labelledby="reviews-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography id="reviews-title" variant="h5" component="h2" sx={{ mb: 2.5 }}>
          {isOwnProfile ? 'Reseñas recibidas' : 'Reseñas'}
        </Typography>
        {reviews.isPending && <ReviewsSkeleton />}
        {reviews.isError && (
          <ErrorAlert
            message={toUserMessage(reviews.error, 'No se pudieron cargar las reseñas')}
            onRetry={() => void reviews.refetch()}
            isRetrying={reviews.isFetching}
          />
        )}
        {reviews.isSuccess && reviews.data.length === 0 && (
          <Box sx={{ textAlign: 'center', py: 3, color: 'text.secondary' }}>
            <RateReviewOutlinedIcon sx={{ fontSize: 40, color: 'primary.light', mb: 1 }} />
            <Typography>
              {isOwnProfile ? 'Aún no has recibido reseñas.' : 'Este usuario aún no tiene reseñas.'}
            </Typography>
            <Typography variant="body2">
              {isOwnProfile
                ? 'Cuando alguien te compre, podrá calificar la transacción aquí.'
                : 'Las reseñas aparecen después de cada compra.'}
            </Typography>
          </Box>
        )}
        {reviews.isSuccess && reviews.data.length > 0 && (
          <Suspense fallback={<ReviewsSkeleton />}>
            <ReceivedReviewList reviews={reviews.data} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
};
