import BlockOutlined from '@mui/icons-material/BlockOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { toUserMessage } from '@/lib/api-client';
import { useBlockState, useBlockUser, useUnblockUser } from '../api/blocks';
import { SAFETY_TEXTS } from '../messages';
import { ReportTrigger } from './report-trigger';
import { UnblockButton } from './unblock-button';

/**
 * On a member's public profile, for a signed-in visitor who is not that member: report them, and
 * block them (after a question) or, once blocked, say so with 'Desbloquear' (decision 081).
 */
export const MemberSafety = ({ userId, name }: { userId: number; name: string }) => {
  const state = useBlockState(userId);
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const [isConfirming, setConfirming] = useState(false);
  const isBlocked = state.data?.isBlockedByMe ?? false;
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      {isBlocked && (
        <Alert
          severity="info"
          icon={<BlockOutlined />}
          action={<UnblockButton userId={userId} unblock={unblock} />}
        >
          {SAFETY_TEXTS.blockedByMe(name)}
        </Alert>
      )}
      {unblock.isError && (
        <Alert severity="error">{toUserMessage(unblock.error, SAFETY_TEXTS.unblockError)}</Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <ReportTrigger targetType="user" targetId={userId}>
          {(trigger) => (
            <Button {...trigger} color="inherit" startIcon={<FlagOutlined />}>
              {SAFETY_TEXTS.reportMember}
            </Button>
          )}
        </ReportTrigger>
        {!isBlocked && (
          <Button
            color="error"
            startIcon={<BlockOutlined />}
            disabled={state.isPending}
            onClick={() => setConfirming(true)}
          >
            {SAFETY_TEXTS.block}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={isConfirming}
        title={SAFETY_TEXTS.blockTitle(name)}
        confirmLabel={SAFETY_TEXTS.block}
        confirmColor="error"
        isPending={block.isPending}
        error={block.isError ? toUserMessage(block.error, SAFETY_TEXTS.blockError) : null}
        onConfirm={() =>
          block.mutate(userId, {
            onSuccess: () => setConfirming(false),
          })
        }
        onClose={() => {
          block.reset();
          setConfirming(false);
        }}
      >
        {SAFETY_TEXTS.blockExplains}
      </ConfirmDialog>
    </Stack>
  );
};
