import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';

/**
 * The heading of a profile card (push, email digest, passkeys, blocked members): its icon, an h2
 * title (`id` for a card labelled by it) and, when given, the line that explains it.
 */
export const CardHeading = ({
  icon: Icon,
  title,
  description,
  id,
}: {
  icon: ComponentType<SvgIconProps>;
  title: string;
  description?: string;
  id?: string;
}) => (
  <>
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1 }}>
      <Icon color="primary" />
      <Typography variant="h6" component="h2" id={id}>
        {title}
      </Typography>
    </Box>
    {description && (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {description}
      </Typography>
    )}
  </>
);
