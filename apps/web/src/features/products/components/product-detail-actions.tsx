import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import IosShareIcon from '@mui/icons-material/IosShare';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Product } from '@unimercado/shared/schemas/products';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { productActionRules } from '../utils/product-rules';

export type ProductActionHandlers = {
  onFavorite: (product: Product) => void;
  onOffer: (product: Product) => void;
  onContact: (product: Product) => void;
  /** Whether the viewer saved the product (the button then removes it). */
  isFavorite?: boolean;
};

/**
 * Share, favourite, offer and contact (spec section 2), following the owner and sold rules: the
 * seller gets a way to manage the listing instead; a sold product takes no offer and no chat.
 */
export const ProductDetailActions = ({
  product,
  viewerId,
  onShare,
  onFavorite,
  onOffer,
  onContact,
  isFavorite = false,
}: ProductActionHandlers & {
  product: Product;
  viewerId: number | null;
  onShare: () => void;
}) => {
  const rules = productActionRules(product, viewerId);
  return (
    <Stack spacing={1.25}>
      {rules.canOffer && (
        <Button
          variant="contained"
          size="large"
          startIcon={<LocalOfferOutlinedIcon />}
          onClick={() => onOffer(product)}
          fullWidth
        >
          Hacer una oferta
        </Button>
      )}
      {rules.canContact && (
        <Button
          variant="outlined"
          size="large"
          startIcon={<ChatOutlinedIcon />}
          onClick={() => onContact(product)}
          fullWidth
        >
          Contactar al vendedor
        </Button>
      )}
      {rules.isOwner && (
        <Button
          variant="contained"
          size="large"
          component={RouterLink}
          to={paths.myProducts}
          startIcon={<StorefrontOutlinedIcon />}
          fullWidth
        >
          Gestionar en Mis productos
        </Button>
      )}
      <Stack direction="row" spacing={1.25}>
        {rules.canFavorite && (
          <Button
            variant="outlined"
            startIcon={isFavorite ? <FavoriteIcon /> : <FavoriteBorderIcon />}
            onClick={() => onFavorite(product)}
            aria-pressed={isFavorite}
            sx={{ flex: 1 }}
          >
            {isFavorite ? 'En favoritos' : 'Favorito'}
          </Button>
        )}
        <Button variant="outlined" startIcon={<IosShareIcon />} onClick={onShare} sx={{ flex: 1 }}>
          Compartir
        </Button>
      </Stack>
    </Stack>
  );
};
