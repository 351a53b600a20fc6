import Box from '@mui/material/Box';

/**
 * MUI Badge's look (a 20 px primary pill on the upper right corner of what it sits on, '99+' past
 * 99) without its code (issue 7's JS budget). Put it in a `position: relative` box; `inset` is
 * how far in from that box's corner it sits (MUI's `overlap="circular"` is 14%).
 */
export const CountBadge = ({
  count,
  inset = 0,
  label,
}: {
  count: number;
  inset?: number | string;
  /** What it says to a screen reader, when not just the number. */
  label?: string;
}) => (
  <Box
    component="span"
    aria-label={label}
    sx={{
      position: 'absolute',
      top: inset,
      right: inset,
      transform: 'translate(50%, -50%)',
      minWidth: 20,
      height: 20,
      px: 0.75,
      borderRadius: 10,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      bgcolor: 'primary.main',
      color: 'primary.contrastText',
      fontSize: '0.75rem',
      fontWeight: 500,
      lineHeight: 1,
      zIndex: 1,
      pointerEvents: 'none',
    }}
  >
    {count > 99 ? '99+' : count}
  </Box>
);
