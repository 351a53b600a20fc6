import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { hrefs } from '@/config/paths';
import { formatDate } from '@/utils/format';
import { getInitials } from '@/utils/initials';
import type { ReceivedReview } from '../api/get-user-reviews';

/** The reviews themselves, loaded with their answer (issue 7's JS budget: Rating, Avatar). */
const ReceivedReviewList = ({ reviews }: { reviews: ReceivedReview[] }) => (
  <Stack spacing={2} divider={<Divider flexItem />}>
    {reviews.map((review) => (
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
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
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
);

export default ReceivedReviewList;
