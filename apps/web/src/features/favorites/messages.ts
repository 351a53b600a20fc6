import { FAVORITE_MESSAGES } from '@unimercado/shared/schemas/trade-messages';

/** Spanish texts of favourites (spec sections 2 and 8). */
export const FAVORITES_TEXT = {
  title: 'Mis Favoritos',
  subtitle: 'Los productos que guardaste para después.',
  count: 'Productos favoritos',
  averagePrice: 'Precio promedio',
  empty: FAVORITE_MESSAGES.empty,
  emptyHint: 'Toca el corazón de un producto para guardarlo aquí.',
  explore: 'Explorar productos',
  refresh: 'Actualizar',
  loadError: FAVORITE_MESSAGES.loadError,
  toggleError: FAVORITE_MESSAGES.toggleError,
  added: 'Agregado a favoritos',
  removed: 'Quitado de favoritos',
  add: (title: string) => `Agregar ${title} a favoritos`,
  remove: (title: string) => `Quitar ${title} de favoritos`,
} as const;
