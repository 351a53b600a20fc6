import Snackbar from '@mui/material/Snackbar';

/** A short confirmation at the bottom, above the phone's bottom bar. */
export const NoticeSnackbar = ({
  message,
  onClose,
}: {
  message: string | null;
  onClose: () => void;
}) => (
  <Snackbar
    open={message !== null}
    message={message}
    autoHideDuration={2500}
    onClose={onClose}
    anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    sx={{ bottom: { xs: 88, md: 24 } }}
  />
);
