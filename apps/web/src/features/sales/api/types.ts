export type { Purchase, Sale, SaleStatus } from '@unimercado/shared/schemas/sales';
