import { formatCount } from '@/utils/format';

/** Spanish texts of rating a purchase (spec sections 2 and 5). */
export const REVIEWS_TEXT = {
  rate: 'Calificar producto',
  rated: 'Ya calificado',
  dialogTitle: 'Calificar transacción',
  ratingLabel: 'Calificación',
  ratingHint: 'Elige de 1 a 5 estrellas.',
  stars: (value: number) => formatCount(value, 'estrella', 'estrellas'),
  noRating: 'Sin calificación',
  comment: 'Comentario',
  cancel: 'Cancelar',
  send: 'Enviar',
  sending: 'Enviando...',
  sent: '¡Gracias! Tu reseña fue publicada.',
  sendError: 'No se pudo enviar la reseña. Intenta nuevamente.',
} as const;
