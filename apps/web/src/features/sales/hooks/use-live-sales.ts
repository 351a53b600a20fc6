import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { useReloadOnNotification } from '@/lib/realtime';

const RELOADED = {
  [NOTIFICATION_TYPES.newOffer]: [['sales', 'product']],
  [NOTIFICATION_TYPES.offerAnswered]: [['sales', 'buyer'], ['products']],
} as const;

/**
 * While a trade screen is open, the notifications pushed live reload what they announce: a new
 * offer (typeId 3) the seller's offers, an answered offer (typeId 2) the buyer's purchases and
 * the product lists (the product is sold).
 */
export const useLiveSales = () => useReloadOnNotification(RELOADED);
