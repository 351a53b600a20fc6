import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OFFER_DIALOG_CLOSE_MS } from '@unimercado/shared/constants';
import type { Product } from '@unimercado/shared/schemas/products';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toUserMessage } from '@/lib/api-client';
import { formatPrice } from '@/utils/format';
import { useCreateOffer } from '../api/create-offer';
import { SALES_TEXT } from '../messages';
import { checkOffer, formatDiscount } from '../utils/offer-rules';

type OfferProduct = Pick<Product, 'id' | 'title' | 'price'>;

/**
 * The offer dialog (spec sections 2, 4, 5): the price is checked as it is typed (the spec's three
 * messages), the discount shows with one decimal, submit stays disabled while empty, and the
 * dialog closes 2 s after the offer is sent. Opened from a card and from the product page.
 */
export const OfferDialog = ({
  product,
  buyerId,
  onClose,
}: {
  product: OfferProduct;
  buyerId: number;
  onClose: () => void;
}) => {
  const titleId = useId();
  const [input, setInput] = useState('');
  const [touched, setTouched] = useState(false);
  const offer = useCreateOffer();
  const check = checkOffer(input, product.price);
  const isSent = offer.isSuccess;

  useEffect(() => {
    if (!isSent) return;
    const timer = window.setTimeout(onClose, OFFER_DIALOG_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [isSent, onClose]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check.price === null || offer.isPending || isSent) return;
    offer.mutate({ buyerId, productId: product.id, price: check.price });
  };

  const error = touched || input.trim() !== '' ? check.error : null;
  return (
    <Dialog
      open
      onClose={offer.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{SALES_TEXT.offerTitle}</DialogTitle>
        <DialogContent>
          <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{product.title}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {SALES_TEXT.listedPrice}: {formatPrice(product.price)}
          </Typography>
          {isSent ? (
            <Alert icon={<CheckCircleOutlineIcon />} severity="success" role="status">
              {SALES_TEXT.offerSent}
            </Alert>
          ) : (
            <>
              <TextField
                label={SALES_TEXT.offerLabel}
                value={input}
                onChange={(event) => {
                  setInput(event.target.value);
                  if (offer.isError) offer.reset();
                }}
                onBlur={() => setTouched(true)}
                error={Boolean(error)}
                helperText={
                  error ??
                  (check.price !== null
                    ? SALES_TEXT.discount(formatDiscount(check.price, product.price))
                    : ' ')
                }
                slotProps={{
                  htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                }}
                autoFocus
              />
              {offer.isError && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {toUserMessage(offer.error, SALES_TEXT.offerDialogError)}
                </Alert>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={offer.isPending}>
            {isSent ? SALES_TEXT.close : SALES_TEXT.cancel}
          </Button>
          {!isSent && (
            <Button
              type="submit"
              variant="contained"
              disabled={input.trim() === '' || offer.isPending}
            >
              {offer.isPending ? SALES_TEXT.offerSending : SALES_TEXT.offerSubmit}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
};
