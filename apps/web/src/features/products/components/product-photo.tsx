import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ProductImage } from '@unimercado/shared/schemas/products';
import { PRODUCTS_TEXT } from '../messages';

/**
 * A product photo in a fixed 4:3 frame: the space is reserved before the image loads (no layout
 * shift), grids load thumbnails lazily, and a product without photos gets a placeholder.
 */
export const ProductPhoto = ({
  image,
  alt,
  variant = 'thumbnail',
  eager = false,
  dimmed = false,
}: {
  image: ProductImage | undefined;
  alt: string;
  variant?: 'thumbnail' | 'large';
  eager?: boolean;
  dimmed?: boolean;
}) => (
  <Box
    sx={{
      position: 'relative',
      aspectRatio: '4 / 3',
      overflow: 'hidden',
      bgcolor: 'rgba(98, 0, 234, 0.06)',
    }}
  >
    {image ? (
      <Box
        component="img"
        src={variant === 'thumbnail' ? image.thumbnailUrl : image.url}
        width={variant === 'thumbnail' ? image.thumbnailWidth : image.width}
        height={variant === 'thumbnail' ? image.thumbnailHeight : image.height}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : {})}
        sx={{
          display: 'block',
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          opacity: dimmed ? 0.72 : 1,
        }}
      />
    ) : (
      <Box
        role="img"
        aria-label={`${alt} (${PRODUCTS_TEXT.noPhoto.toLowerCase()})`}
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'grid',
          placeItems: 'center',
          alignContent: 'center',
          gap: 0.5,
          color: 'primary.main',
          opacity: dimmed ? 0.6 : 0.8,
        }}
      >
        <ImageOutlinedIcon sx={{ fontSize: 44 }} />
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {PRODUCTS_TEXT.noPhoto}
        </Typography>
      </Box>
    )}
  </Box>
);
