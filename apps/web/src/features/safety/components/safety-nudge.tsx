import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { detectSafetyNudges, SAFETY_NUDGE_MESSAGES } from '@unimercado/shared/safety-nudge';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { ReportTrigger } from './report-trigger';

/**
 * Under a received message that asks to pay ahead, moves off the app or names a transfer: a
 * short reminder of the safety tips with a way to report (decision 071). It never hides or
 * changes the message; nothing shows when the message is harmless.
 */
export const SafetyNudge = ({ messageId, content }: { messageId: number; content: string }) => {
  const reasons = detectSafetyNudges(content);
  if (reasons.length === 0) return null;
  return (
    <Alert severity="warning" variant="outlined" sx={{ mb: 1.5, maxWidth: 420 }}>
      <AlertTitle>{SAFETY_NUDGE_MESSAGES.title}</AlertTitle>
      {reasons.map((reason) => (
        <div key={reason}>{SAFETY_NUDGE_MESSAGES[reason]}</div>
      ))}
      <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
        <Link component={RouterLink} to={paths.safetyTips}>
          {SAFETY_NUDGE_MESSAGES.tips}
        </Link>
        {messageId > 0 && (
          <ReportTrigger targetType="message" targetId={messageId}>
            {(trigger) => (
              <Button {...trigger} size="small" color="warning">
                {SAFETY_NUDGE_MESSAGES.report}
              </Button>
            )}
          </ReportTrigger>
        )}
      </Stack>
    </Alert>
  );
};
