import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  HANDOFF_CANCEL_REASONS,
  type HandoffCancelReason,
} from '@unimercado/shared/schemas/handoff-messages';
import { useId, useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/feedback/form-dialog';
import { TextField } from '@/components/form/text-field';
import { toUserMessage } from '@/lib/api-client';
import { useCancelHandoff } from '../api/change-handoff';
import type { HandoffView } from '../api/types';
import { HANDOFF_TEXTS } from '../messages';

/**
 * 'Cancelar reserva': a reason from the list (required, the first preselected) and an optional
 * note; the product becomes available again and both parties are told (decision 075).
 */
export const CancelHandoffDialog = ({
  handoff,
  onClose,
  onCancelled,
}: {
  handoff: HandoffView;
  onClose: () => void;
  onCancelled: () => void;
}) => {
  const reasonId = useId();
  const [reason, setReason] = useState<HandoffCancelReason>('no_show');
  const [note, setNote] = useState('');
  const cancel = useCancelHandoff();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cancel.isPending) return;
    const trimmed = note.trim();
    cancel.mutate(
      { id: handoff.id, reason, ...(trimmed ? { note: trimmed } : {}) },
      { onSuccess: onCancelled },
    );
  };

  return (
    <FormDialog
      title={HANDOFF_TEXTS.cancelTitle}
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      cancelLabel={HANDOFF_TEXTS.back}
      submitLabel={cancel.isPending ? HANDOFF_TEXTS.cancelling : HANDOFF_TEXTS.cancel}
      submitColor="error"
      isPending={cancel.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <DialogContentText>{HANDOFF_TEXTS.cancelIntro(handoff.product.title)}</DialogContentText>
      <FormControl>
        <FormLabel id={reasonId}>{HANDOFF_TEXTS.reasonLabel}</FormLabel>
        <RadioGroup
          aria-labelledby={reasonId}
          value={reason}
          onChange={(event) => setReason(event.target.value as HandoffCancelReason)}
        >
          {HANDOFF_CANCEL_REASONS.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={HANDOFF_TEXTS.reasons[value]}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        label={HANDOFF_TEXTS.noteLabel}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
        maxRows={5}
        slotProps={{ htmlInput: { maxLength: HANDOFF_TEXTS.noteMaxLength } }}
        helperText={`${note.length}/${HANDOFF_TEXTS.noteMaxLength}`}
      />
      {cancel.isError && (
        <Alert severity="error">{toUserMessage(cancel.error, HANDOFF_TEXTS.cancelError)}</Alert>
      )}
    </FormDialog>
  );
};
