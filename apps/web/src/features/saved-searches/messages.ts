import { formatCount } from '@/utils/format';
import { SAVE_SEARCH_TEXT } from './save-messages';

/** Spanish texts of saved searches (issue 21). */
export const SAVED_SEARCHES_TEXT = {
  title: 'Mis búsquedas',
  subtitle: 'Te avisamos cuando se publica algo que buscas.',
  ...SAVE_SEARCH_TEXT,
  loadError: 'No se pudieron cargar tus búsquedas',
  empty: 'Todavía no guardas ninguna búsqueda',
  emptyHint:
    'Busca lo que necesitas y pulsa «Guardar búsqueda»: te avisaremos cuando alguien lo publique.',
  goSearch: 'Buscar productos',
  open: 'Ver resultados',
  rename: 'Renombrar',
  renameTitle: 'Renombrar búsqueda',
  nameLabel: 'Nombre',
  cancel: 'Cancelar',
  confirmRename: 'Guardar',
  pause: 'Pausar avisos',
  resume: 'Reanudar avisos',
  paused: 'Pausada',
  emailDigest: 'Resumen diario por correo',
  remove: 'Eliminar',
  removeTitle: 'Eliminar búsqueda',
  removeQuestion: (name: string) =>
    `¿Eliminar «${name}»? Dejarás de recibir avisos de esta búsqueda.`,
  changeError: 'No se pudo guardar el cambio',
  newCount: (n: number) => formatCount(n, 'nuevo', 'nuevos'),
  newCountLabel: (n: number) => formatCount(n, 'producto nuevo', 'productos nuevos'),
  anyText: 'Cualquier producto',
  minPrice: (price: string) => `Mín: ${price}`,
  maxPrice: (price: string) => `Máx: ${price}`,
  course: (code: string) => `Curso: ${code}`,
} as const;
