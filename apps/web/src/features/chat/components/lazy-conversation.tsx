import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, type ComponentProps } from 'react';
import { HEADER_SX, HISTORY_SX, HistorySkeleton } from './conversation-layout';

const load = () => import('./conversation');
const Conversation = lazy(async () => ({ default: (await load()).Conversation }));

/** After /chat's first render, so opening a conversation does not wait for its code. */
export const preloadConversation = () => void load();

/**
 * The conversation's shape while its code loads (issue 7's JS budget): the header with the
 * avatar and name, the history's own three skeleton bubbles, the composer's row.
 */
const ConversationSkeleton = () => (
  <Box
    sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    aria-busy="true"
  >
    <Box sx={HEADER_SX}>
      <Skeleton variant="circular" width={40} height={40} />
      <Skeleton width={140} />
    </Box>
    <Box sx={HISTORY_SX}>
      <HistorySkeleton />
    </Box>
    <Box sx={{ display: 'flex', gap: 1, p: 1.5 }}>
      <Skeleton variant="rounded" height={40} sx={{ flex: 1, borderRadius: '12px' }} />
      <Skeleton variant="rounded" width={104} height={44} sx={{ borderRadius: '12px' }} />
    </Box>
  </Box>
);

/** `Conversation`, its code (composer, history, links) loaded on demand. */
export const LazyConversation = (props: ComponentProps<typeof Conversation>) => (
  <Suspense fallback={<ConversationSkeleton />}>
    <Conversation {...props} />
  </Suspense>
);
