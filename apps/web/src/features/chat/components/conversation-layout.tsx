import Skeleton from '@mui/material/Skeleton';

/** The conversation's parts that its skeleton (lazy-conversation.tsx) draws too. */
export const HEADER_SX = {
  display: 'flex',
  alignItems: 'center',
  gap: 1.5,
  px: 2,
  py: 1.25,
  borderBottom: '1px solid',
  borderColor: 'divider',
} as const;

export const HISTORY_SX = { flex: 1, px: { xs: 1.5, sm: 2.5 }, py: 2, bgcolor: '#fbf9ff' } as const;

/** Three message-shaped placeholders while the history loads. */
export const HistorySkeleton = () =>
  [0, 1, 2].map((key) => (
    <Skeleton
      key={key}
      variant="rounded"
      height={44}
      width={key % 2 ? '55%' : '40%'}
      sx={{ mb: 1.5, ml: key % 2 ? 'auto' : 0 }}
    />
  ));
