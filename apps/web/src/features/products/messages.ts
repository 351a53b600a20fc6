import type { ProductConditionFilter, ProductSort } from '@unimercado/shared/constants';

/** Spanish texts of the products screens (spec section 2); section 8's errors are in shared. */
export const PRODUCTS_TEXT = {
  meetupSpots: 'Puntos de encuentro que te sirven (opcional)',
  meetupSpotsHelp: 'Los compradores los verán en la página del producto.',
  sellerMeetupSpots: 'Puntos de encuentro del vendedor',
  /** The description's counter: '18/2.000 caracteres' (issue 18: it was cut without a word). */
  descriptionCount: (length: string, max: string, isFull: boolean) =>
    `${length}/${max} caracteres${isFull ? ': llegaste al máximo' : ''}`,
  empty: 'No hay productos disponibles',
  /** The product at the top of a conversation (decision 099). */
  conversationAbout: 'Producto de la conversación',
  /** Under the price on the publish form (decision 098); the prices come formatted. */
  priceHint: (count: number, low: string, high: string, median: string) =>
    `Se vendieron ${count} parecidos entre ${low} y ${high}; mediana ${median}`,
  /** The star's name before the seller's rating (decision 099), for screen readers. */
  sellerRating: 'Calificación del vendedor',
  emptyHint: 'Vuelve pronto o publica lo que ya no usas.',
  searchTitle: 'Buscar Productos Disponibles',
  searchLabel: 'Buscar',
  searchEmpty: 'No encontramos productos con esos filtros',
  searchEmptyHint: 'Prueba con otras palabras o quita algún filtro.',
  allCategories: 'Todas las categorías',
  allConditions: 'Todos los estados',
  clear: 'Limpiar',
  filters: 'Filtros',
  sold: 'VENDIDO',
  // Decision 075: sold through an accepted offer, still to be handed over.
  reserved: 'RESERVADO',
  reservedChip: 'Reservado',
  // Decision 081: hidden by moderation; only its seller, admins and an earlier buyer see it.
  hidden: 'OCULTA POR MODERACIÓN',
  reservedNotice: 'Este producto está reservado para un comprador: no recibe ofertas nuevas.',
  noPhoto: 'Sin foto',
  linkCopied: 'Enlace copiado. ¡Compártelo!',
  shareFailed: 'No se pudo copiar el enlace.',
  ownProduct: 'Este es tu producto',
  soldNotice: 'Este producto ya se vendió: no recibe ofertas ni mensajes.',
  uploadTips: 'Cómo reducir el tamaño de una foto',
  notVerifiedTitle: 'Verifica tu email para publicar',
  notVerified:
    'Para publicar productos necesitas verificar tu correo. Abre el enlace que te enviamos o pide uno nuevo desde tu perfil.',
  goVerify: 'Verificar desde mi perfil',
  // Course codes (decision 095).
  coursesLabel: 'Cursos',
  coursesPlaceholder: 'Ej.: MAT101',
  coursesHelp:
    'Códigos de los cursos para los que sirve (libros, apuntes, kits). Enter o coma para añadir.',
  courseChip: (code: string) => `Ver todo lo del curso ${code}`,
  courseFilter: (code: string) => `Curso: ${code}`,
  courseFilterLabel: 'Código de curso',
  // Listings that stay fresh (decision 094).
  expired: 'CADUCADO',
  renewing: 'Renovando...',
  expiredCount: (count: number) => `${count} caducado${count === 1 ? '' : 's'}`,
} as const;

export const CONDITION_LABELS: Record<ProductConditionFilter, string> = {
  NUEVO: 'Nuevo',
  SEMINUEVO: 'Seminuevo',
  USADO: 'Usado',
};

export const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Más recientes',
  price_asc: 'Menor precio',
  price_desc: 'Mayor precio',
  relevance: 'Más relevantes',
};
