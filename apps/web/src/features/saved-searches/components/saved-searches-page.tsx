import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsPausedOutlinedIcon from '@mui/icons-material/NotificationsPausedOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SAVED_SEARCH_NAME_MAX_LENGTH } from '@unimercado/shared/constants';
import type { SavedSearch } from '@unimercado/shared/schemas/saved-searches';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/errors/error-alert';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { paths } from '@/config/paths';
import { toUserMessage } from '@/lib/api-client';
import { formatPrice } from '@/utils/format';
import { useSavedSearches } from '../api/get-saved-searches';
import {
  useDeleteSavedSearch,
  useMarkSavedSearchSeen,
  useUpdateSavedSearch,
} from '../api/saved-search-mutations';
import { useLiveSavedSearches } from '../hooks/use-live-saved-searches';
import { SAVED_SEARCHES_TEXT as TEXT } from '../messages';
import { savedSearchHref } from '../utils/saved-search-criteria';

/** What a saved search looks for, in the words of the search page's filter chips. */
const describe = (saved: SavedSearch, categoryName: (id: number) => string | undefined) =>
  [
    saved.search ? `«${saved.search}»` : TEXT.anyText,
    saved.categoryId !== null ? categoryName(saved.categoryId) : undefined,
    saved.minPrice !== null ? TEXT.minPrice(formatPrice(saved.minPrice)) : undefined,
    saved.maxPrice !== null ? TEXT.maxPrice(formatPrice(saved.maxPrice)) : undefined,
    saved.status ?? undefined,
    saved.location ?? undefined,
  ]
    .filter(Boolean)
    .join(' · ');

const RenameDialog = ({ saved, onClose }: { saved: SavedSearch | null; onClose: () => void }) => {
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

const SavedSearchCard = ({
  saved,
  categoryName,
  onRename,
  onRemove,
}: {
  saved: SavedSearch;
  categoryName: (id: number) => string | undefined;
  onRename: () => void;
  onRemove: () => void;
}) => {
  const navigate = useNavigate();
  const update = useUpdateSavedSearch();
  const seen = useMarkSavedSearchSeen();
  const headingId = useId();
  // Opening runs the search; its new listings count as seen once the member looked.
  const open = () => {
    seen.mutate(saved.id);
    void navigate(savedSearchHref(saved));
  };
  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined">
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
            {saved.name}
          </Typography>
          {saved.newCount > 0 && (
            <Chip
              size="small"
              color="primary"
              label={TEXT.newCount(saved.newCount)}
              aria-label={TEXT.newCountLabel(saved.newCount)}
            />
          )}
          {saved.isPaused && <Chip size="small" label={TEXT.paused} />}
        </Box>
        <Typography color="text.secondary" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
          {describe(saved, categoryName)}
        </Typography>
        <FormControlLabel
          sx={{ mt: 1, minHeight: 44 }}
          control={
            <Switch
              checked={saved.emailDigest}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate({ id: saved.id, emailDigest: event.target.checked })
              }
            />
          }
          label={TEXT.emailDigest}
        />
        {update.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {toUserMessage(update.error, TEXT.changeError)}
          </Alert>
        )}
      </CardContent>
      <CardActions
        sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}
      >
        <Button
          variant="contained"
          startIcon={<SearchIcon />}
          onClick={open}
          sx={{ minHeight: 44 }}
        >
          {TEXT.open}
        </Button>
        <Button startIcon={<EditOutlinedIcon />} onClick={onRename} sx={{ minHeight: 44 }}>
          {TEXT.rename}
        </Button>
        <Button
          startIcon={
            saved.isPaused ? (
              <NotificationsActiveOutlinedIcon />
            ) : (
              <NotificationsPausedOutlinedIcon />
            )
          }
          onClick={() => update.mutate({ id: saved.id, isPaused: !saved.isPaused })}
          disabled={update.isPending}
          sx={{ minHeight: 44 }}
        >
          {saved.isPaused ? TEXT.resume : TEXT.pause}
        </Button>
        <Button
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={onRemove}
          sx={{ minHeight: 44 }}
        >
          {TEXT.remove}
        </Button>
      </CardActions>
    </Card>
  );
};

/**
 * 'Mis búsquedas' (issue 21): the member's saved searches with their new listings; each opens
 * the search, and can be renamed, paused or resumed, sent by email once a day, or deleted.
 */
export const SavedSearchesPage = ({
  userId,
  categoryName,
}: {
  userId: number;
  categoryName: (id: number) => string | undefined;
}) => {
  const searches = useSavedSearches(userId);
  useLiveSavedSearches();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [removing, setRemoving] = useState<SavedSearch | null>(null);

  if (searches.isError) {
    return (
      <ErrorAlert
        message={TEXT.loadError}
        onRetry={() => void searches.refetch()}
        isRetrying={searches.isFetching}
      />
    );
  }
  if (!searches.data) {
    return (
      <Stack spacing={2} aria-hidden>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={168} />
        ))}
      </Stack>
    );
  }
  if (searches.data.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <Typography variant="h6" component="h2">
          {TEXT.empty}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {TEXT.emptyHint}
        </Typography>
        <Button
          component={RouterLink}
          to={paths.search}
          variant="contained"
          startIcon={<SearchIcon />}
        >
          {TEXT.goSearch}
        </Button>
      </Box>
    );
  }
  return (
    <>
      <Stack spacing={2}>
        {searches.data.map((saved) => (
          <SavedSearchCard
            key={saved.id}
            saved={saved}
            categoryName={categoryName}
            onRename={() => setRenaming(saved)}
            onRemove={() => {
              remove.reset();
              setRemoving(saved);
            }}
          />
        ))}
      </Stack>
      {renaming && (
        <RenameDialog key={renaming.id} saved={renaming} onClose={() => setRenaming(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={TEXT.removeTitle}
        confirmLabel={TEXT.remove}
        confirmColor="error"
        isPending={remove.isPending}
        error={remove.isError ? toUserMessage(remove.error, TEXT.changeError) : null}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSuccess: () => setRemoving(null) });
        }}
        onClose={() => setRemoving(null)}
      >
        {removing ? TEXT.removeQuestion(removing.name) : null}
      </ConfirmDialog>
    </>
  );
};
