import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { hrefs } from '@/config/paths';
import { formatPrice } from '@/utils/format';
import { useProduct } from '../api/get-product';
import { PRODUCTS_TEXT } from '../messages';
import { ProductPhoto } from './product-photo';

/**
 * The product a conversation is about, at its top (decision 099): photo, title, price and a link
 * to it. Shown only when the product's seller is one of the two members talking; any other id
 * (or one that fails to load) shows nothing, so a crafted link cannot put a stranger's listing
 * above a conversation. Its own block: the hand-off card sits beside it.
 */
export const ConversationProduct = ({
  productId,
  memberIds,
}: {
  productId: number;
  /** The two members of the conversation. */
  memberIds: readonly [number, number];
}) => {
  const { data: product } = useProduct(productId);
  if (!product || !memberIds.includes(product.sellerId)) return null;
  return (
    <Box
      component="aside"
      aria-label={PRODUCTS_TEXT.conversationAbout}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ width: 64, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
        <ProductPhoto image={product.images[0]} alt={product.title} eager />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link
          component={RouterLink}
          to={hrefs.productDetail(product.id)}
          underline="hover"
          color="text.primary"
          sx={{
            fontWeight: 600,
            display: 'block',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {product.title}
        </Link>
        <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>
          {formatPrice(product.price)}
          {product.isSold && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {product.isReserved ? PRODUCTS_TEXT.reserved : PRODUCTS_TEXT.sold}
            </Typography>
          )}
        </Typography>
      </Box>
    </Box>
  );
};
