import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A figure with its label (My products, My favourites, My purchases), the label a heading right under the page's h1. */
export const StatCard = ({
  label,
  value,
  icon,
  hint,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  hint?: string;
}) => (
  <Card>
    <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main', mb: 1 }}>
        {icon}
        <Typography variant="body2" color="text.secondary" component="h2">
          {label}
        </Typography>
      </Box>
      <Typography
        sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' }, fontWeight: 700, wordBreak: 'break-word' }}
      >
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </CardContent>
  </Card>
);

/** The loading shape of a StatCard. */
export const StatCardSkeleton = () => (
  <Skeleton variant="rounded" height={108} sx={{ borderRadius: '20px' }} />
);

/** Stat cards in a row: two per line on a phone, `columns` on a wide screen. */
export const StatGrid = ({
  label,
  columns,
  children,
}: {
  label: string;
  columns: number;
  children: ReactNode;
}) => (
  <Box
    component="section"
    aria-label={label}
    sx={{
      display: 'grid',
      gridTemplateColumns: {
        xs: 'repeat(2, minmax(0, 1fr))',
        md: `repeat(${columns}, minmax(0, 1fr))`,
      },
      gap: { xs: 1.5, sm: 2 },
      mb: 3,
      // On a phone an odd last card takes the whole row instead of leaving a hole.
      '& > :last-child:nth-of-type(odd)': { gridColumn: { xs: '1 / -1', md: 'auto' } },
    }}
  >
    {children}
  </Box>
);
