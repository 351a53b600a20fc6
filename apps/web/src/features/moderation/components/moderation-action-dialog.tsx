import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  MODERATION_ACTION_LABELS,
  MODERATION_MESSAGES,
  REPORT_DETAILS_MAX_LENGTH,
  type ModerationAction,
  type ReportTargetType,
} from '@unimercado/shared/schemas/safety';
import { useId, useState } from 'react';
import { TextField } from '@/components/form/text-field';
import { toUserMessage } from '@/lib/api-client';
import { useModerationAction } from '../api/moderation';
import { MODERATION_TEXTS } from '../messages';

const EXPLAINS: Record<ModerationAction, string> = {
  hideListing: MODERATION_TEXTS.hideExplains,
  removeMessage: MODERATION_TEXTS.removeExplains,
  warn: MODERATION_TEXTS.warnExplains,
  suspend: MODERATION_TEXTS.suspendExplains,
  dismiss: MODERATION_TEXTS.dismissExplains,
};

/** Days of a suspension as the radio group's value ('permanent' when it has no end). */
const durationValue = (days: number | null) => (days === null ? 'permanent' : String(days));

/**
 * One moderation action on every open report of a target: it asks for the reason (kept in the
 * audit log) and, for a suspension, how long (decision 071).
 */
export const ModerationActionDialog = ({
  target,
  action,
  onClose,
  onDone,
}: {
  target: { targetType: ReportTargetType; targetId: number; memberName: string | null };
  action: ModerationAction;
  onClose: () => void;
  onDone: () => void;
}) => {
  const titleId = useId();
  const durationId = useId();
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState(durationValue(7));
  const [isReasonMissing, setReasonMissing] = useState(false);
  const mutation = useModerationAction();
  const submit = () => {
    const trimmed = reason.trim();
    if (trimmed === '') {
      setReasonMissing(true);
      return;
    }
    mutation.mutate(
      {
        targetType: target.targetType,
        targetId: target.targetId,
        action,
        reason: trimmed,
        ...(action === 'suspend'
          ? { days: duration === 'permanent' ? null : Number(duration) }
          : {}),
      },
      { onSuccess: onDone },
    );
  };
  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {MODERATION_ACTION_LABELS[action]}
        {target.memberName && (action === 'warn' || action === 'suspend')
          ? `: ${target.memberName}`
          : ''}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{EXPLAINS[action]}</DialogContentText>
        {action === 'suspend' && (
          <FormControl sx={{ mb: 2 }}>
            <FormLabel id={durationId}>{MODERATION_TEXTS.duration}</FormLabel>
            <RadioGroup
              aria-labelledby={durationId}
              value={duration}
              onChange={(event) => setDuration(event.target.value)}
            >
              {MODERATION_TEXTS.durations.map((option) => (
                <FormControlLabel
                  key={option.label}
                  value={durationValue(option.days)}
                  control={<Radio />}
                  label={option.label}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
        <TextField
          label={MODERATION_TEXTS.reason}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (event.target.value.trim() !== '') setReasonMissing(false);
          }}
          required
          multiline
          minRows={2}
          fullWidth
          autoFocus
          error={isReasonMissing}
          helperText={
            isReasonMissing ? MODERATION_MESSAGES.reasonRequired : MODERATION_TEXTS.reasonHelp
          }
          slotProps={{ htmlInput: { maxLength: REPORT_DETAILS_MAX_LENGTH } }}
        />
        {mutation.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {toUserMessage(mutation.error, MODERATION_TEXTS.actionError)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={mutation.isPending}>
          {MODERATION_TEXTS.cancel}
        </Button>
        <Button
          variant="contained"
          color={action === 'dismiss' ? 'primary' : 'error'}
          onClick={submit}
          disabled={mutation.isPending}
        >
          {MODERATION_TEXTS.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
