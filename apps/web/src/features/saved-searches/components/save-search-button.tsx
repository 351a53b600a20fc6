import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { NoticeSnackbar } from '@/components/feedback/notice-snackbar';
import { toUserMessage } from '@/lib/api-client';
import { useSaveSearch } from '../api/saved-search-mutations';
import { SAVE_SEARCH_TEXT } from '../save-messages';
import { toSaveBody, type SearchCriteria } from '../utils/saved-search-criteria';

/**
 * 'Guardar búsqueda' on /search (issue 21): one click saves the text, filters and sort on screen.
 * `requireSignIn` wraps the click, so a visitor is asked to sign in the way the rest of the app
 * asks (and comes back to this search).
 */
export const SaveSearchButton = ({
  criteria,
  requireSignIn,
}: {
  criteria: SearchCriteria;
  requireSignIn: (action: () => void) => () => void;
}) => {
  const save = useSaveSearch();
  const [notice, setNotice] = useState<string | null>(null);
  const onClick = requireSignIn(() => {
    save.mutate(toSaveBody(criteria), {
      onSuccess: () => setNotice(SAVE_SEARCH_TEXT.saved),
      onError: (error) => setNotice(toUserMessage(error, SAVE_SEARCH_TEXT.saveError)),
    });
  });
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<BookmarkAddOutlinedIcon />}
        onClick={onClick}
        disabled={save.isPending}
        sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
      >
        {save.isPending ? SAVE_SEARCH_TEXT.saving : SAVE_SEARCH_TEXT.save}
      </Button>
      <NoticeSnackbar message={notice} onClose={() => setNotice(null)} autoHideDuration={4000} />
    </>
  );
};
