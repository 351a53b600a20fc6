import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

type StyleObject = Exclude<SxProps<Theme>, ReadonlyArray<unknown> | ((theme: Theme) => unknown)>;

/**
 * A label-only chip drawn as MUI's Chip draws one (height, padding, radius, type, the outlined
 * border, the error colours and the theme's weight), without the Chip component: product grids and
 * the product page show these in their first render, where the Chip's code (≈ 2.4 KB brotli, with
 * its delete, avatar, click and keyboard handling) weighed on the JavaScript a page rendered with
 * its data needs before the app takes it over (issue 7's budget). Use MUI's Chip for anything a
 * person can click or delete.
 */
export const LabelChip = ({
  label,
  size = 'medium',
  variant = 'filled',
  color = 'default',
  sx,
}: {
  label: ReactNode;
  size?: 'small' | 'medium';
  variant?: 'filled' | 'outlined';
  color?: 'default' | 'error';
  sx?: StyleObject;
}) => {
  const outlined = variant === 'outlined';
  const padding = (size === 'small' ? 8 : 12) - (outlined ? 1 : 0);
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        maxWidth: '100%',
        boxSizing: 'border-box',
        height: size === 'small' ? 24 : 32,
        px: `${padding}px`,
        borderRadius: '16px',
        fontFamily: (theme) => theme.typography.fontFamily,
        fontSize: (theme) => theme.typography.pxToRem(13),
        lineHeight: 1.5,
        fontWeight: 500,
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
        ...(outlined
          ? {
              bgcolor: 'transparent',
              border: (theme) => `1px solid ${theme.palette.grey[400]}`,
              color: color === 'error' ? 'error.main' : 'text.primary',
            }
          : color === 'error'
            ? { bgcolor: 'error.main', color: 'error.contrastText' }
            : { bgcolor: 'action.selected', color: 'text.primary' }),
        ...sx,
      }}
    >
      {label}
    </Box>
  );
};
