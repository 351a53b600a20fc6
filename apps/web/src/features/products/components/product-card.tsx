import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { CARD_DESCRIPTION_MAX, CARD_TITLE_MAX } from '@unimercado/shared/constants';
import type { Product } from '@unimercado/shared/schemas/products';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { hrefs } from '@/config/paths';
import { formatPrice } from '@/utils/format';
import { truncate } from '../utils/truncate';
import { ConditionChip } from './condition-chip';
import { ProductPhoto } from './product-photo';
import { PRODUCTS_TEXT } from '../messages';
import { SellerRating } from './seller-rating';
import { SoldBanner } from './sold-banner';

/** What a page shows on a card instead of the listing's own: a purchase's paid price and word. */
export type CardDetails = {
  /** The price to show (a purchase: what was paid). */
  price?: number;
  /** A banner across the photo instead of VENDIDO ('Comprado' on the buyer's purchases). */
  banner?: string;
};

/**
 * A product in a grid (spec section 2): first photo's thumbnail or a placeholder, condition chip,
 * VENDIDO banner when sold (a listing hidden by moderation says so instead), title cut at 23 characters and description at 30. `actions` is the
 * slot for what a page lets the viewer do (favourite, offer, the seller's edit...).
 */
export const ProductCard = ({
  product,
  headingLevel = 'h3',
  actions,
  footer,
  details = {},
  eager = false,
}: {
  product: Product;
  headingLevel?: 'h2' | 'h3';
  actions?: ReactNode;
  /** Extra line under the price (e.g. the seller's view count). */
  footer?: ReactNode;
  details?: CardDetails;
  eager?: boolean;
}) => (
  <Card
    component="article"
    sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
  >
    <CardActionArea
      component={RouterLink}
      to={hrefs.productDetail(product.id)}
      sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
    >
      <Box sx={{ position: 'relative' }}>
        <ProductPhoto
          image={product.images[0]}
          alt={product.title}
          eager={eager}
          dimmed={product.isSold || product.isHidden === true}
        />
        <ConditionChip
          condition={product.status}
          sx={{ position: 'absolute', top: 8, left: 8, boxShadow: 1 }}
        />
        {product.isHidden ? (
          <SoldBanner label={PRODUCTS_TEXT.hidden} />
        ) : details.banner ? (
          <SoldBanner label={details.banner} />
        ) : (
          product.isSold && (
            <SoldBanner label={product.isReserved ? PRODUCTS_TEXT.reserved : PRODUCTS_TEXT.sold} />
          )
        )}
      </Box>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, flexGrow: 1 }}>
        <Typography
          variant="subtitle1"
          component={headingLevel}
          title={product.title}
          sx={{ fontWeight: 600, lineHeight: 1.3, mb: 0.25, wordBreak: 'break-word' }}
        >
          {truncate(product.title, CARD_TITLE_MAX)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1, wordBreak: 'break-word' }}>
          {truncate(product.description, CARD_DESCRIPTION_MAX)}
        </Typography>
        <Typography
          component="p"
          sx={{ fontWeight: 700, color: 'primary.main', fontSize: '1.1rem' }}
        >
          {formatPrice(details.price ?? product.price)}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, minWidth: 0 }}
        >
          <PlaceOutlinedIcon sx={{ fontSize: 16, flexShrink: 0 }} aria-hidden />
          <Box
            component="span"
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {product.location}
          </Box>
        </Typography>
        <SellerRating rating={product.sellerRating} sx={{ mt: 0.25 }} />
        {footer}
      </CardContent>
    </CardActionArea>
    {actions && (
      <CardActions sx={{ px: { xs: 1, sm: 1.5 }, pt: 0, pb: 1, flexWrap: 'wrap', gap: 0.5 }}>
        {actions}
      </CardActions>
    )}
  </Card>
);
