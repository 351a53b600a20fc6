import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ProductImage } from '@unimercado/shared/schemas/products';
import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { ProductPhoto } from './product-photo';
import { SoldBanner } from './sold-banner';

// The zoom view loads with the first zoom, not with the page (issue 7's JS budget).
const Dialog = lazy(() => import('@mui/material/Dialog'));

const arrowSx = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  bgcolor: 'rgba(0,0,0,0.45)',
  color: '#fff',
  '&:hover': { bgcolor: 'rgba(0,0,0,0.65)' },
} as const;

/**
 * The product's photos (spec section 2): the selected one large, the others as thumbnails, and a
 * zoom dialog with the full-size photo (arrow keys and buttons move between them).
 */
export const ProductGallery = ({
  images,
  title,
  isSold,
  soldLabel,
}: {
  images: readonly ProductImage[];
  title: string;
  isSold: boolean;
  /** 'VENDIDO' by default; 'RESERVADO' while the hand-off is open (decision 075). */
  soldLabel?: string;
}) => {
  const [selected, setSelected] = useState(0);
  const [isZoomed, setIsZoomed] = useState(false);
  // Mounted from the first zoom on, so it closes (and opens again) with its transition.
  const [hasZoomed, setHasZoomed] = useState(false);
  const count = images.length;
  const current = images[Math.min(selected, Math.max(count - 1, 0))];
  const step = (delta: number) => setSelected((index) => (index + delta + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') step(1);
    if (event.key === 'ArrowLeft') step(-1);
  };

  return (
    <Box>
      <Box
        sx={{ position: 'relative', borderRadius: '20px', overflow: 'hidden', bgcolor: '#efeaf8' }}
      >
        {current ? (
          <ButtonBase
            onClick={() => {
              setHasZoomed(true);
              setIsZoomed(true);
            }}
            aria-label={`Ampliar foto ${selected + 1} de ${count}`}
            sx={{ display: 'block', width: '100%' }}
          >
            <ProductPhoto image={current} alt={title} variant="large" eager dimmed={isSold} />
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                right: 12,
                bottom: 12,
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                px: 1.25,
                py: 0.5,
                borderRadius: '20px',
                bgcolor: 'rgba(0,0,0,0.55)',
                color: '#fff',
                fontSize: '0.8rem',
              }}
            >
              <ZoomInIcon fontSize="small" /> {count > 1 ? `${selected + 1}/${count}` : 'Ampliar'}
            </Box>
          </ButtonBase>
        ) : (
          <ProductPhoto image={undefined} alt={title} dimmed={isSold} />
        )}
        {isSold && <SoldBanner size="large" {...(soldLabel ? { label: soldLabel } : {})} />}
      </Box>

      {count > 1 && (
        <Box
          role="group"
          aria-label="Fotos del producto"
          sx={{ display: 'flex', gap: 1.5, mt: 1.5 }}
        >
          {images.map((image, index) => (
            <ButtonBase
              key={image.url}
              onClick={() => setSelected(index)}
              aria-label={`Ver foto ${index + 1} de ${count}`}
              aria-pressed={index === selected}
              sx={{
                width: 88,
                maxWidth: '30%',
                borderRadius: '12px',
                overflow: 'hidden',
                outline: index === selected ? '3px solid' : '1px solid',
                outlineColor: index === selected ? 'primary.main' : 'divider',
                outlineOffset: index === selected ? 2 : 0,
              }}
            >
              <Box
                component="img"
                src={image.thumbnailUrl}
                width={image.thumbnailWidth}
                height={image.thumbnailHeight}
                alt=""
                loading="lazy"
                decoding="async"
                sx={{
                  display: 'block',
                  width: '100%',
                  height: 'auto',
                  aspectRatio: '4 / 3',
                  objectFit: 'cover',
                }}
              />
            </ButtonBase>
          ))}
        </Box>
      )}

      {hasZoomed && (
        <Suspense fallback={null}>
          <Dialog
            open={isZoomed && current !== undefined}
            onClose={() => setIsZoomed(false)}
            fullScreen
            aria-label={`Foto ${selected + 1} de ${count}: ${title}`}
            onKeyDown={onKeyDown}
            slotProps={{ paper: { sx: { bgcolor: '#0f0e14', borderRadius: 0 } } }}
          >
            <Box sx={{ position: 'relative', width: '100%', height: '100%' }}>
              {current && (
                <Box
                  component="img"
                  src={current.url}
                  width={current.width}
                  height={current.height}
                  alt={title}
                  sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
                />
              )}
              <IconButton
                aria-label="Cerrar"
                onClick={() => setIsZoomed(false)}
                sx={{ ...arrowSx, top: 16, right: 16, transform: 'none' }}
              >
                <CloseIcon />
              </IconButton>
              {count > 1 && (
                <>
                  <IconButton
                    aria-label="Foto anterior"
                    onClick={() => step(-1)}
                    sx={{ ...arrowSx, left: 12 }}
                  >
                    <ChevronLeftIcon />
                  </IconButton>
                  <IconButton
                    aria-label="Foto siguiente"
                    onClick={() => step(1)}
                    sx={{ ...arrowSx, right: 12 }}
                  >
                    <ChevronRightIcon />
                  </IconButton>
                  <Typography
                    sx={{
                      position: 'absolute',
                      bottom: 20,
                      left: 0,
                      right: 0,
                      textAlign: 'center',
                      color: '#fff',
                    }}
                  >
                    {selected + 1} / {count}
                  </Typography>
                </>
              )}
            </Box>
          </Dialog>
        </Suspense>
      )}
    </Box>
  );
};
