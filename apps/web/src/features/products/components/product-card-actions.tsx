import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { Product } from '@unimercado/shared/schemas/products';
import { productActionRules } from '../utils/product-rules';

export type CardActionHandlers = {
  onFavorite: (product: Product) => void;
  onOffer: (product: Product) => void;
  /** Whether the viewer saved the product (a filled heart). */
  isFavorite?: (productId: number) => boolean;
};

/** Favourite and quick offer on a card, following the owner and sold rules (spec section 6). */
export const ProductCardActions = ({
  product,
  viewerId,
  onFavorite,
  onOffer,
  isFavorite = () => false,
}: CardActionHandlers & {
  product: Product;
  viewerId: number | null;
}) => {
  const rules = productActionRules(product, viewerId);
  if (rules.isOwner) return null;
  const saved = isFavorite(product.id);
  return (
    <>
      {/* No tooltip: its popper code would weigh on every product grid; the name is spoken. */}
      <IconButton
        aria-label={
          saved ? `Quitar ${product.title} de favoritos` : `Agregar ${product.title} a favoritos`
        }
        aria-pressed={saved}
        title={saved ? 'Quitar de favoritos' : 'Agregar a favoritos'}
        onClick={() => onFavorite(product)}
        color="primary"
        sx={{ width: 44, height: 44 }}
      >
        {saved ? <FavoriteIcon fontSize="small" /> : <FavoriteBorderIcon fontSize="small" />}
      </IconButton>
      {rules.canOffer && (
        <Button
          size="small"
          startIcon={<LocalOfferOutlinedIcon />}
          onClick={() => onOffer(product)}
          aria-label={`Hacer una oferta por ${product.title}`}
          sx={{ ml: 'auto !important', px: 1.5, minHeight: 44 }}
        >
          Ofertar
        </Button>
      )}
    </>
  );
};

/** `renderActions` for a grid whose cards offer favourite and quick offer to `viewerId`. */
export const cardActionsFor =
  (viewerId: number | null, handlers: CardActionHandlers) => (product: Product) => (
    <ProductCardActions product={product} viewerId={viewerId} {...handlers} />
  );
