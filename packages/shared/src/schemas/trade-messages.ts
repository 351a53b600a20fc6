// No zod here (issue 7's JS budget): the trade pages' texts and limits, re-exported by sales.ts,
// favorites.ts and reviews.ts next to their schemas.

/**
 * Offer states (spec section 4); only `accepted` counts as a purchase. `cancelled`: an accepted
 * offer whose hand-off either side called off (decision 075).
 */
export const SALE_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** How the offers dialog labels each state (spec section 4). */
export const SALE_STATUS_LABELS: Record<SaleStatus, string> = {
  pending: 'Pendiente',
  accepted: 'Aceptada',
  rejected: 'Rechazada',
  cancelled: 'Cancelada',
};

/** Spanish texts of spec sections 5 and 8 and the server's refusals (decision 025). */
export const SALE_MESSAGES = {
  priceInvalid: 'Por favor ingresa un precio válido.',
  pricePositive: 'El precio debe ser mayor a 0.',
  priceNotBelow: 'La oferta debe ser menor al precio original.',
  priceTooHigh: 'El precio no puede superar $ 999.999.999',
  productNotFound: 'El producto no fue encontrado.',
  ownProduct: 'No puedes hacer ofertas sobre tu propio producto.',
  productSold: 'Este producto ya fue vendido y no admite ofertas.',
  buyerMismatch: 'Solo puedes enviar ofertas a tu nombre.',
  notOwner: 'Solo el vendedor puede ver y responder las ofertas de este producto.',
  notFound: 'La oferta no existe.',
  notPending: 'Esta oferta ya fue respondida.',
  purchasesNotOwn: 'Solo puedes ver tus propias compras.',
  listNeedsProduct: 'Indica productId.',
  // Spec section 8 (client-side texts, shared so web and server say the same).
  sendError: 'Error al enviar oferta.',
  dialogSendError: 'Error al enviar la oferta. Por favor, intenta nuevamente.',
  acceptError: 'Error al aceptar la oferta',
  rejectError: 'Error al rechazar la oferta',
  purchasesLoadError: 'Error al cargar las compras. Por favor, intenta nuevamente.',
} as const;

export const FAVORITE_MESSAGES = {
  ownProduct: 'No puedes guardar tu propio producto en favoritos.',
  userMismatch: 'Solo puedes ver y cambiar tus propios favoritos.',
  productNotFound: 'El producto no fue encontrado.',
  // Spec sections 2 and 8 (client-side texts).
  toggleError: 'Error al actualizar favorito.',
  loadError: 'Error al cargar tus productos favoritos. Por favor, intenta nuevamente.',
  empty: 'No tienes productos favoritos aún',
} as const;

/** A review's comment is free text (spec section 5), trimmed, at most this long. */
export const REVIEW_COMMENT_MAX_LENGTH = 1000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const REVIEW_MESSAGES = {
  listNeedsUser: 'Indica revieweeId o reviewerId.',
  ratingRequired: 'Selecciona una calificación de 1 a 5 estrellas.',
  commentTooLong: `El comentario no puede tener más de ${REVIEW_COMMENT_MAX_LENGTH} caracteres.`,
  reviewerMismatch: 'Solo puedes publicar reseñas a tu nombre.',
  revieweeMismatch: 'La reseña debe ser sobre el vendedor del producto.',
  notPurchased: 'Solo puedes calificar productos que compraste (con una oferta aceptada).',
  alreadyReviewed: 'Ya calificaste esta compra.',
  productNotFound: 'El producto no fue encontrado.',
} as const;
