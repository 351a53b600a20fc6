import RefreshIcon from '@mui/icons-material/Refresh';
import IconButton from '@mui/material/IconButton';

/**
 * The 'Actualizar' icon button of the list pages: named for screen readers and, through the
 * browser's own tooltip (`title`), for pointer users. MUI's Tooltip (Popper) would weigh on the
 * first render (issue 7's JS budget). Disabled while the list is being fetched again.
 */
export const RefreshButton = ({
  onClick,
  busy,
  label = 'Actualizar',
}: {
  onClick: () => void;
  busy: boolean;
  label?: string;
}) => (
  <IconButton aria-label={label} title={label} onClick={onClick} disabled={busy}>
    <RefreshIcon />
  </IconButton>
);
