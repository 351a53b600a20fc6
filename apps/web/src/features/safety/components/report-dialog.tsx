import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  SAFETY_MESSAGES,
  type ReportReason,
  type ReportTargetType,
} from '@unimercado/shared/schemas/safety';
import { useState } from 'react';
import { TextField } from '@/components/form/text-field';
import { toUserMessage } from '@/lib/api-client';
import { useCreateReport } from '../api/create-report';
import { SAFETY_TEXTS } from '../messages';

/** Report a listing, a member or a message: a reason from the short list and optional words. */
export const ReportDialog = ({
  open,
  onClose,
  targetType,
  targetId,
}: {
  open: boolean;
  onClose: () => void;
  targetType: ReportTargetType;
  targetId: number;
}) => {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const report = useCreateReport();
  const close = () => {
    report.reset();
    setReason('');
    setDetails('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{SAFETY_TEXTS.reportTitle}</DialogTitle>
      <DialogContent>
        {report.isSuccess ? (
          <Alert severity="success">{SAFETY_MESSAGES.reported}</Alert>
        ) : (
          <>
            <FormControl sx={{ mb: 2 }}>
              <FormLabel id="report-reason">{SAFETY_TEXTS.reportReason}</FormLabel>
              <RadioGroup
                aria-labelledby="report-reason"
                value={reason}
                onChange={(event) => setReason(event.target.value as ReportReason)}
              >
                {Object.entries(REPORT_REASONS).map(([key, label]) => (
                  <FormControlLabel key={key} value={key} control={<Radio />} label={label} />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              label={SAFETY_TEXTS.reportDetails}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
              multiline
              minRows={2}
              fullWidth
              slotProps={{ htmlInput: { maxLength: REPORT_DETAILS_MAX_LENGTH } }}
            />
            {report.isError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {toUserMessage(report.error, SAFETY_TEXTS.reportError)}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{SAFETY_TEXTS.reportCancel}</Button>
        {!report.isSuccess && (
          <Button
            variant="contained"
            disabled={reason === '' || report.isPending}
            onClick={() =>
              reason !== '' &&
              report.mutate({ targetType, targetId, reason, details: details.trim() || null })
            }
          >
            {SAFETY_TEXTS.reportSend}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
