import { formatPercent } from '@/utils/format';
import { SALES_TEXT } from '../messages';

export type OfferCheck = { price: number; error: null } | { price: null; error: string | null };

/** Digits with an optional decimal part of up to two digits (point or comma); `$` and spaces are ignored. */
const PRICE_TEXT = /^\d{1,12}([.,]\d{1,2})?$/;

/** The typed price as a number, or null when it is not one. */
export const parseOfferPrice = (input: string): number | null => {
  const text = input.replace(/[\s$]/g, '');
  if (!PRICE_TEXT.test(text)) return null;
  return Number(text.replace(',', '.'));
};

/**
 * Spec section 5: numeric ('Por favor ingresa un precio válido.'), greater than 0, strictly below
 * the listed price. Empty input is no error yet (the submit button is disabled instead).
 */
export const checkOffer = (input: string, listedPrice: number): OfferCheck => {
  if (input.trim() === '') return { price: null, error: null };
  const price = parseOfferPrice(input);
  if (price === null) return { price: null, error: SALES_TEXT.invalidPrice };
  if (price <= 0) return { price: null, error: SALES_TEXT.priceNotPositive };
  if (price >= listedPrice) return { price: null, error: SALES_TEXT.priceNotBelow };
  return { price, error: null };
};

/** The discount against the listed price with one decimal ('15,5%'), spec section 5. */
export const formatDiscount = (offer: number, listedPrice: number): string =>
  formatPercent((listedPrice - offer) / listedPrice);
