import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/errors/error-alert';
import { hrefs } from '@/config/paths';
import { toUserMessage } from '@/lib/api-client';
import { formatDate } from '@/utils/format';
import { getInitials } from '@/utils/initials';
import { useReceivedReviews } from '../api/get-user-reviews';

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
          <Stack spacing={2} divider={<Divider flexItem />}>
            {reviews.data.map((review) => (
              <Box key={review.id} component="article" sx={{ display: 'flex', gap: 1.5 }}>
                <Avatar
                  sx={{
                    bgcolor: 'secondary.main',
                    color: 'secondary.contrastText',
                    fontWeight: 600,
                  }}
                >
                  {getInitials(review.reviewerName)}
                </Avatar>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Box
                    sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}
                  >
                    <Link
                      component={RouterLink}
                      to={hrefs.publicProfile(review.reviewerId)}
                      // A 44px touch target on phones (conventions.md).
                      sx={{
                        fontWeight: 600,
                        display: 'inline-flex',
                        alignItems: 'center',
                        minHeight: 44,
                      }}
                    >
                      {review.reviewerName}
                    </Link>
                    <Typography variant="caption" color="text.secondary">
                      {formatDate(review.createdAt)}
                    </Typography>
                  </Box>
                  <Rating
                    value={review.rating}
                    readOnly
                    size="small"
                    aria-label={`${review.rating} de 5 estrellas`}
                    sx={{ my: 0.5 }}
                  />
                  {review.comment && <Typography>{review.comment}</Typography>}
                </Box>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
