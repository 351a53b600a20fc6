import Box from '@mui/material/Box';

const bar = (width: string | number, height: number) => ({
  width,
  height,
  borderRadius: 2,
  bgcolor: 'rgba(28, 27, 34, 0.07)',
});

/**
 * What a page shows while its code downloads: a title and a few blocks in the page's width, like
 * index.html's shell (no MUI Skeleton: this is in the entry chunk, kept small for issue 7).
 */
export const PageSkeleton = () => (
  <Box
    aria-busy="true"
    aria-label="Cargando"
    role="status"
    sx={{
      maxWidth: 1200,
      mx: 'auto',
      px: { xs: 2, sm: 3 },
      py: { xs: 3, sm: 4 },
      '@keyframes skeleton-pulse': { '50%': { opacity: 0.55 } },
      '& > *': { animation: 'skeleton-pulse 1.5s ease-in-out infinite' },
    }}
  >
    <Box sx={{ ...bar('min(60%, 320px)', 36), mb: 3 }} />
    <Box sx={{ ...bar('100%', 16), mb: 1.5 }} />
    <Box sx={{ ...bar('80%', 16), mb: 4 }} />
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
    >
      {[0, 1, 2].map((index) => (
        <Box key={index} sx={bar('100%', 180)} />
      ))}
    </Box>
  </Box>
);
