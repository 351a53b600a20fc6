import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { User } from '@unimercado/shared/schemas/users';
import { useId } from 'react';
import { toUserMessage } from '@/lib/api-client';
import { useDeleteUser } from '../api/users';

const DELETE_FALLBACK = 'Error al eliminar el usuario';

/** Confirmation before deleting a user; the server's refusal (self, last admin) is shown here. */
export const DeleteUserDialog = ({
  user,
  onClose,
  onDeleted,
}: {
  user: User;
  onClose: () => void;
  onDeleted: () => void;
}) => {
  const remove = useDeleteUser();
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Eliminar usuario</DialogTitle>
      <DialogContent>
        {remove.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {toUserMessage(remove.error, DELETE_FALLBACK)}
          </Alert>
        )}
        <DialogContentText>
          ¿Seguro que deseas eliminar a <strong>{user.name}</strong> ({user.email})? Sus productos
          sin vender se eliminarán. Esta acción no se puede deshacer.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={remove.isPending}>
          Cancelar
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() => remove.mutate(user.id, { onSuccess: onDeleted })}
        >
          {remove.isPending ? 'Eliminando...' : 'Eliminar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
