/**
 * The product texts of the pages that only show listings (spec section 8): kept apart from
 * PRODUCT_MESSAGES (which spreads them) so the list and product pages do not load every form
 * and API message before they are interactive (the public pages' JS budget, decision 051).
 */
export const PRODUCT_READ_MESSAGES = {
  notFound: 'El producto no fue encontrado.',
  loadError: 'Error al cargar el producto. Por favor, intenta nuevamente.',
  listError: 'Error al cargar los productos. Por favor, intenta nuevamente.',
} as const;
