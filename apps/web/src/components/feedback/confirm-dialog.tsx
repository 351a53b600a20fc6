import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

/** A yes/no question before something that cannot be undone (delete, mark sold, accept an offer). */
export const ConfirmDialog = ({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  confirmColor = 'primary',
  isPending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs ('Eliminando...'); else `confirmLabel`. */
  pendingLabel?: string;
  confirmColor?: 'primary' | 'error' | 'success';
  isPending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) => {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children && <DialogContentText component="div">{children}</DialogContentText>}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={isPending}>
          Cancelar
        </Button>
        <Button variant="contained" color={confirmColor} onClick={onConfirm} disabled={isPending}>
          {isPending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
