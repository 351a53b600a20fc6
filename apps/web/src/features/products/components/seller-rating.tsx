import StarRoundedIcon from '@mui/icons-material/StarRounded';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { Product } from '@unimercado/shared/schemas/products';
import { formatRatingSummary } from '@/utils/format';
import { PRODUCTS_TEXT } from '../messages';

/**
 * The seller's mean rating and review count (decision 099), on cards and the product page: a
 * star named 'Calificación del vendedor' for screen readers, then '4,33 (3 reseñas)'.
 */
export const SellerRating = ({
  rating,
  sx = {},
  ...props
}: { rating: Product['sellerRating'] } & Omit<TypographyProps<'p' | 'span'>, 'children'>) => (
  <Typography
    variant="caption"
    color="text.secondary"
    {...props}
    sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, ...sx }}
  >
    <StarRoundedIcon
      titleAccess={PRODUCTS_TEXT.sellerRating}
      sx={{
        fontSize: 16,
        flexShrink: 0,
        color: rating.count > 0 ? 'warning.main' : 'action.disabled',
      }}
    />
    {formatRatingSummary(rating.average, rating.count)}
  </Typography>
);
