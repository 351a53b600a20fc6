import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** Loading rows of a list with an avatar and two lines of text (conversations, notifications). */
export const ListSkeleton = ({
  rows = 4,
  avatarSize = 44,
}: {
  rows?: number;
  avatarSize?: number;
}) => (
  <Box sx={{ p: 2 }} aria-hidden>
    {Array.from({ length: rows }, (_, key) => (
      <Box key={key} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <Skeleton variant="circular" width={avatarSize} height={avatarSize} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="60%" />
          <Skeleton width="85%" />
        </Box>
      </Box>
    ))}
  </Box>
);
