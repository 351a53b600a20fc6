import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ReactNode } from 'react';
import { toUserMessage } from '@/lib/api-client';
import { useBlockState, useUnblockUser } from '../api/blocks';
import { SAFETY_TEXTS } from '../messages';
import { UnblockButton } from './unblock-button';

/**
 * The chat's composer, or, when either member blocked the other, a notice that the conversation
 * is closed in its place (decision 081): the server refuses the messages anyway, this says why
 * before anyone types. Only the blocker's notice says who blocked and offers 'Desbloquear'. While
 * the state loads, or if it cannot be read, the composer shows (the server still decides).
 */
export const ConversationGate = ({ userId, children }: { userId: number; children: ReactNode }) => {
  const state = useBlockState(userId);
  const unblock = useUnblockUser();
  if (!state.data?.isClosed) return children;
  const isMine = state.data.isBlockedByMe;
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ m: 1.5 }}
      action={isMine ? <UnblockButton userId={userId} unblock={unblock} /> : undefined}
    >
      <AlertTitle>{SAFETY_TEXTS.closedTitle}</AlertTitle>
      {isMine ? SAFETY_TEXTS.closedByMe : SAFETY_TEXTS.closedByOther}
      {unblock.isError && <div>{toUserMessage(unblock.error, SAFETY_TEXTS.unblockError)}</div>}
    </Alert>
  );
};
