import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { SAVED_SEARCH_NAME_MAX_LENGTH } from '@unimercado/shared/constants';
import type { SavedSearch } from '@unimercado/shared/schemas/saved-searches';
import { useId, useState, type FormEvent } from 'react';
import { toUserMessage } from '@/lib/api-client';
import { useUpdateSavedSearch } from '../api/saved-search-mutations';
import { SAVED_SEARCHES_TEXT as TEXT } from '../messages';

/** 'Renombrar búsqueda': loaded the first time it opens (the page's JS budget). */
export const RenameDialog = ({
  saved,
  onClose,
}: {
  saved: SavedSearch | null;
  onClose: () => void;
}) => {
  const update = useUpdateSavedSearch();
  const [name, setName] = useState(saved?.name ?? '');
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saved) return;
    update.mutate({ id: saved.id, name }, { onSuccess: onClose });
  };
  return (
    <Dialog
      open={saved !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{TEXT.renameTitle}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label={TEXT.nameLabel}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: SAVED_SEARCH_NAME_MAX_LENGTH } }}
            error={update.isError}
            helperText={update.isError ? toUserMessage(update.error, TEXT.changeError) : ' '}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={update.isPending}>
            {TEXT.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {TEXT.confirmRename}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
