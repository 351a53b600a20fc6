import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SaveStage } from '../hooks/use-save-product';

/** Upload progress of the photos, then the saving step (spec section 2, Publish). */
export const SaveProgress = ({ stage, progress }: { stage: SaveStage; progress: number }) => {
  if (stage === 'idle') return null;
  const percent = Math.round(progress * 100);
  const label = stage === 'uploading' ? `Subiendo fotos... ${percent} %` : 'Guardando producto...';
  return (
    <Box role="status" aria-live="polite" sx={{ my: 2 }}>
      <Typography variant="body2" sx={{ mb: 0.75 }}>
        {label}
      </Typography>
      <LinearProgress
        variant={stage === 'uploading' ? 'determinate' : 'indeterminate'}
        value={percent}
        aria-label={label}
      />
    </Box>
  );
};
