import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { hrefs } from '@/config/paths';
import { formatDate } from '@/utils/format';
import type { Purchase } from '../api/types';
import { SALES_TEXT } from '../messages';

/** When a purchase happened: the seller's acceptance, else the offer. */
const purchasedAt = (purchase: Purchase) => purchase.decidedAt ?? purchase.createdAt;

/** Under a purchase's price: who sold it and when (issue 18). */
export const PurchaseFooter = ({ purchase }: { purchase: Purchase }) => (
  <Typography
    variant="caption"
    color="text.secondary"
    component="p"
    sx={{ mt: 0.5, wordBreak: 'break-word' }}
  >
    {SALES_TEXT.boughtFrom(purchase.product.sellerName)}
    <br />
    {SALES_TEXT.boughtOn(formatDate(purchasedAt(purchase)))}
  </Typography>
);

/** A button on a purchase's card: the label alone fits a phone's half-width card. */
export const PURCHASE_BUTTON_SX = {
  minHeight: 44,
  whiteSpace: 'nowrap',
  px: 1,
  '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
} as const;

/** A purchase's way to reach the seller: the chat with them (issue 18). */
export const ContactSellerButton = ({ purchase }: { purchase: Purchase }) => (
  <Button
    component={RouterLink}
    to={hrefs.chatWith(purchase.product.sellerId, purchase.product.id)}
    size="small"
    variant="outlined"
    startIcon={<ChatOutlinedIcon />}
    aria-label={SALES_TEXT.contactSeller(purchase.product.sellerName)}
    fullWidth
    sx={PURCHASE_BUTTON_SX}
  >
    {SALES_TEXT.contact}
  </Button>
);
