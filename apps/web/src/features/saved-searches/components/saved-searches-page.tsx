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
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { SavedSearch } from '@unimercado/shared/schemas/saved-searches';
import { lazy, Suspense, useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/errors/error-alert';
import { LazyConfirmDialog } from '@/components/feedback/lazy-confirm-dialog';
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

const RenameDialog = lazy(async () => ({
  default: (await import('./rename-dialog')).RenameDialog,
}));

/** What a saved search looks for, in the words of the search page's filter chips. */
const describe = (saved: SavedSearch, categoryName: (id: number) => string | undefined) =>
  [
    saved.search ? `«${saved.search}»` : TEXT.anyText,
    saved.categoryId !== null ? categoryName(saved.categoryId) : undefined,
    saved.minPrice !== null ? TEXT.minPrice(formatPrice(saved.minPrice)) : undefined,
    saved.maxPrice !== null ? TEXT.maxPrice(formatPrice(saved.maxPrice)) : undefined,
    saved.status ?? undefined,
    saved.location ?? undefined,
    saved.course ? TEXT.course(saved.course) : undefined,
  ]
    .filter(Boolean)
    .join(' · ');

const SavedSearchCard = ({
  saved,
  categoryName,
  onRename,
  onRemove,
  onOpen,
}: {
  saved: SavedSearch;
  categoryName: (id: number) => string | undefined;
  onRename: () => void;
  onRemove: () => void;
  onOpen: () => void;
}) => {
  const navigate = useNavigate();
  const update = useUpdateSavedSearch();
  const seen = useMarkSavedSearchSeen();
  const headingId = useId();
  // Opening runs the search; its new listings count as seen once the member looked.
  const open = () => {
    seen.mutate(saved.id);
    onOpen();
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
      <CardActions disableSpacing sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" startIcon={<SearchIcon />} onClick={open}>
          {TEXT.open}
        </Button>
        <Button startIcon={<EditOutlinedIcon />} onClick={onRename}>
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
        >
          {saved.isPaused ? TEXT.resume : TEXT.pause}
        </Button>
        <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={onRemove}>
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
  onOpen,
}: {
  userId: number;
  categoryName: (id: number) => string | undefined;
  /** Before a search opens (the page forgets results kept from before). */
  onOpen: () => void;
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
            onOpen={onOpen}
            onRename={() => setRenaming(saved)}
            onRemove={() => {
              remove.reset();
              setRemoving(saved);
            }}
          />
        ))}
      </Stack>
      {renaming && (
        <Suspense fallback={null}>
          <RenameDialog key={renaming.id} saved={renaming} onClose={() => setRenaming(null)} />
        </Suspense>
      )}
      <LazyConfirmDialog
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
      </LazyConfirmDialog>
    </>
  );
};
