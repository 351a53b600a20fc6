import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { CHAT_TIMINGS } from '@unimercado/shared/chat-constants';
import type { ConnectionSnapshot } from '@/lib/realtime';
import { CHAT_TEXTS } from '../messages';

const label = ({ state, attempt }: ConnectionSnapshot) =>
  state === 'reconnecting'
    ? CHAT_TEXTS.states.reconnecting(attempt, CHAT_TIMINGS.reconnectMaxAttempts)
    : CHAT_TEXTS.states[state];

const COLORS = {
  connected: 'success',
  connecting: 'default',
  reconnecting: 'warning',
  idle: 'default',
  disconnected: 'error',
  failed: 'error',
} as const;

/** The chat connection's state (spec section 4) and, once it gave up, a way to try again. */
export const ConnectionStatus = ({
  connection,
  onReconnect,
}: {
  connection: ConnectionSnapshot;
  onReconnect: () => void;
}) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status" aria-live="polite">
    <Chip
      size="small"
      variant={connection.state === 'connected' ? 'filled' : 'outlined'}
      color={COLORS[connection.state]}
      label={label(connection)}
    />
    {(connection.state === 'disconnected' || connection.state === 'failed') && (
      <Button size="small" onClick={onReconnect}>
        {CHAT_TEXTS.reconnect}
      </Button>
    )}
  </Stack>
);
