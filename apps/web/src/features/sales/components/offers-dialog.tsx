import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Product } from '@unimercado/shared/schemas/products';
import { useId, useState } from 'react';
import { ErrorAlert } from '@/components/errors/error-alert';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { toUserMessage } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/utils/format';
import { getInitials } from '@/utils/initials';
import { useDecideOffer } from '../api/decide-offer';
import { useProductOffers } from '../api/get-product-offers';
import { useLiveSales } from '../hooks/use-live-sales';
import type { Sale, SaleStatus } from '../api/types';
import { SALES_TEXT } from '../messages';

const STATUS_COLORS: Record<SaleStatus, 'success' | 'error' | 'warning'> = {
  accepted: 'success',
  rejected: 'error',
  pending: 'warning',
  cancelled: 'error',
};

const OffersSkeleton = () => (
  <Stack spacing={2} aria-hidden>
    {[0, 1].map((index) => (
      <Box key={index} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <Skeleton variant="circular" width={40} height={40} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="50%" />
          <Skeleton width="30%" />
        </Box>
      </Box>
    ))}
  </Stack>
);

/**
 * Offers received for one of the seller's products (spec sections 2 and 4): price, buyer, date
 * and state (Aceptada, Rechazada, Pendiente); accept and reject only while pending; the list
 * reloads after each decision.
 */
export const OffersDialog = ({
  product,
  onClose,
}: {
  product: Pick<Product, 'id' | 'title' | 'price'>;
  onClose: () => void;
}) => {
  const titleId = useId();
  const offers = useProductOffers(product.id);
  const decide = useDecideOffer(product.id);
  const deciding = decide.isPending ? decide.variables : undefined;
  // Accepting sells the product: asked first, as 'Marcar como vendido' is (issue 18).
  const [accepting, setAccepting] = useState<Sale | null>(null);
  const isAcceptError = decide.isError && decide.variables.decision === 'accept';
  useLiveSales();

  const buyerOf = (offer: Sale) => offer.buyerName || SALES_TEXT.buyerFallback(offer.buyerId);
  const closeAccepting = () => {
    setAccepting(null);
    if (isAcceptError) decide.reset();
  };

  const row = (offer: Sale) => {
    const buyer = buyerOf(offer);
    return (
      <Box component="li" key={offer.id} sx={{ py: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Avatar sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
            {getInitials(buyer)}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{buyer}</Typography>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(offer.createdAt)}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'right' }}>
            <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>
              {formatPrice(offer.price)}
            </Typography>
            <Chip
              size="small"
              label={SALES_TEXT.status[offer.status]}
              color={STATUS_COLORS[offer.status]}
              variant={offer.status === 'pending' ? 'outlined' : 'filled'}
            />
          </Box>
        </Box>
        {offer.status === 'pending' && (
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
            <Button
              color="error"
              variant="outlined"
              disabled={decide.isPending}
              onClick={() => decide.mutate({ saleId: offer.id, decision: 'reject' })}
              aria-label={`${SALES_TEXT.reject} la oferta de ${buyer}`}
              sx={{ minHeight: 44 }}
            >
              {deciding?.saleId === offer.id && deciding.decision === 'reject'
                ? 'Rechazando...'
                : SALES_TEXT.reject}
            </Button>
            <Button
              color="success"
              variant="contained"
              disabled={decide.isPending}
              onClick={() => {
                decide.reset();
                setAccepting(offer);
              }}
              aria-label={`${SALES_TEXT.accept} la oferta de ${buyer}`}
              sx={{ minHeight: 44 }}
            >
              {deciding?.saleId === offer.id && deciding.decision === 'accept'
                ? 'Aceptando...'
                : SALES_TEXT.accept}
            </Button>
          </Stack>
        )}
      </Box>
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{SALES_TEXT.offersTitle}</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{product.title}</Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {SALES_TEXT.listedPrice}: {formatPrice(product.price)}
        </Typography>
        {decide.isError && !isAcceptError && (
          <Alert severity="error" sx={{ my: 1 }} onClose={() => decide.reset()}>
            {toUserMessage(decide.error, SALES_TEXT.rejectError)}
          </Alert>
        )}
        {offers.isPending ? (
          <OffersSkeleton />
        ) : offers.isError ? (
          <ErrorAlert
            message={toUserMessage(offers.error, SALES_TEXT.offersLoadError)}
            onRetry={() => void offers.refetch()}
            isRetrying={offers.isFetching}
          />
        ) : offers.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {SALES_TEXT.offersEmpty}
          </Typography>
        ) : (
          <Stack
            component="ul"
            aria-label={SALES_TEXT.offersTitle}
            divider={<Divider flexItem />}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {offers.data.map(row)}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{SALES_TEXT.close}</Button>
      </DialogActions>
      <ConfirmDialog
        open={accepting !== null}
        title={SALES_TEXT.acceptConfirmTitle}
        confirmLabel={SALES_TEXT.acceptConfirm}
        confirmColor="success"
        isPending={decide.isPending}
        error={isAcceptError ? toUserMessage(decide.error, SALES_TEXT.acceptError) : null}
        onClose={closeAccepting}
        onConfirm={() =>
          accepting &&
          decide.mutate(
            { saleId: accepting.id, decision: 'accept' },
            { onSuccess: () => setAccepting(null) },
          )
        }
      >
        {accepting &&
          SALES_TEXT.acceptQuestion(
            product.title,
            buyerOf(accepting),
            formatPrice(accepting.price),
            formatPrice(product.price),
          )}
      </ConfirmDialog>
    </Dialog>
  );
};
