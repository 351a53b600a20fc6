import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { formatPrice } from '@/utils/format';
import { usePriceGuidance } from '../api/get-price-guidance';
import { PRODUCTS_TEXT } from '../messages';

/** The title must be this long before similar sales are looked up. */
const MIN_TITLE_LENGTH = 3;
/** A pause in typing this long asks again. */
const TYPING_PAUSE_MS = 500;

/**
 * Under the price on the publish form (decision 098): what similar listings sold for, when at
 * least three did: 'Se vendieron 5 parecidos entre $ 20.000 y $ 45.000; mediana $ 30.000'.
 * Nothing otherwise (fewer sales, no category yet, an error): never a made-up figure.
 */
export const PriceHint = ({ categoryId, title }: { categoryId: number; title: string }) => {
  const [settled, setSettled] = useState(title.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(title.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [title]);
  const enabled = categoryId > 0 && settled.length >= MIN_TITLE_LENGTH;
  const { data } = usePriceGuidance({ categoryId, title: settled }, enabled);
  const hint =
    enabled && data && data.low !== null && data.high !== null && data.median !== null
      ? PRODUCTS_TEXT.priceHint(
          data.count,
          formatPrice(data.low),
          formatPrice(data.high),
          formatPrice(data.median),
        )
      : '';
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="p"
      aria-live="polite"
      sx={{ mx: 1.75, ...(hint ? { mt: 0.75 } : {}) }}
    >
      {hint}
    </Typography>
  );
};
