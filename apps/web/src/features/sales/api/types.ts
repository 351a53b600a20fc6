import type { Product } from '@unimercado/shared/schemas/products';

/**
 * Offer/sale of the contract (architecture.md): `{ id, buyerId, productId, price, status,
 * createdAt }`. The names are extras the server may add; the screens fall back without them.
 * TODO(shared): replace with the shared schema's type once trade-server lands it.
 */
export type SaleStatus = 'pending' | 'accepted' | 'rejected';

export type Sale = {
  id: number;
  buyerId: number;
  productId: number;
  price: number;
  status: SaleStatus;
  createdAt: string;
  buyerName?: string | null;
  product?: Product | null;
};
