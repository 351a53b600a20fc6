import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { Product } from '@unimercado/shared/schemas/products';
import { productActionRules } from '../utils/product-rules';

/** Favourite and quick offer on a card, following the owner and sold rules (spec section 6). */
export const ProductCardActions = ({
  product,
  viewerId,
  onFavorite,
  onOffer,
}: {
  product: Product;
  viewerId: number | null;
  onFavorite: (product: Product) => void;
  onOffer: (product: Product) => void;
}) => {
  const rules = productActionRules(product, viewerId);
  if (rules.isOwner) return null;
  return (
    <>
      {/* No tooltip: its popper code would weigh on every product grid; the name is spoken. */}
      <IconButton
        aria-label={`Agregar ${product.title} a favoritos`}
        title="Agregar a favoritos"
        onClick={() => onFavorite(product)}
        size="small"
        color="primary"
      >
        <FavoriteBorderIcon fontSize="small" />
      </IconButton>
      {rules.canOffer && (
        <Button
          size="small"
          startIcon={<LocalOfferOutlinedIcon />}
          onClick={() => onOffer(product)}
          aria-label={`Hacer una oferta por ${product.title}`}
          sx={{ ml: 'auto !important', px: 1.5 }}
        >
          Ofertar
        </Button>
      )}
    </>
  );
};

/** `renderActions` for a grid whose cards offer favourite and quick offer to `viewerId`. */
export const cardActionsFor =
  (
    viewerId: number | null,
    handlers: { onFavorite: (product: Product) => void; onOffer: (product: Product) => void },
  ) =>
  (product: Product) => <ProductCardActions product={product} viewerId={viewerId} {...handlers} />;
