import Button from '@mui/material/Button';
import type { useUnblockUser } from '../api/blocks';
import { SAFETY_TEXTS } from '../messages';

/** 'Desbloquear' in a notice's action slot; the caller shows the mutation's error. */
export const UnblockButton = ({
  userId,
  unblock,
}: {
  userId: number;
  unblock: ReturnType<typeof useUnblockUser>;
}) => (
  <Button
    color="inherit"
    size="small"
    disabled={unblock.isPending}
    onClick={() => unblock.mutate(userId)}
  >
    {SAFETY_TEXTS.unblock}
  </Button>
);
