import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type FormEvent, type ReactNode } from 'react';

/**
 * A small form in a dialog (cancel a hand-off, rate a trade, add a passkey): title, fields, a
 * way back and the submit button. While `isPending` it cannot be closed and both buttons wait;
 * the caller decides the submit button's text ('Enviando...') and when it is disabled.
 */
export const FormDialog = ({
  title,
  children,
  contentSx,
  cancelLabel,
  submitLabel,
  submitColor = 'primary',
  isSubmitDisabled = false,
  isPending,
  onSubmit,
  onClose,
}: {
  title: string;
  children: ReactNode;
  contentSx?: SxProps<Theme>;
  cancelLabel: string;
  submitLabel: string;
  submitColor?: 'primary' | 'error';
  isSubmitDisabled?: boolean;
  isPending: boolean;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
}) => {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={contentSx}>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={isPending}>
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={submitColor}
            disabled={isSubmitDisabled || isPending}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
