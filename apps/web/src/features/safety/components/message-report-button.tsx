import FlagOutlined from '@mui/icons-material/FlagOutlined';
import IconButton from '@mui/material/IconButton';
import { SAFETY_TEXTS } from '../messages';
import { ReportTrigger } from './report-trigger';

/** Beside a received chat message: report it with the report dialog (decision 081). */
export const MessageReportButton = ({ messageId }: { messageId: number }) => (
  <ReportTrigger targetType="message" targetId={messageId}>
    {(trigger) => (
      <IconButton
        {...trigger}
        size="small"
        aria-label={SAFETY_TEXTS.reportMessage}
        // The native `title` instead of MUI Tooltip (the chat page's JS budget).
        title={SAFETY_TEXTS.reportMessage}
        sx={{ color: 'text.disabled', width: 44, height: 44, flexShrink: 0 }}
      >
        <FlagOutlined fontSize="small" />
      </IconButton>
    )}
  </ReportTrigger>
);
