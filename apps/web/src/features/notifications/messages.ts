import { formatCount, formatInteger } from '@/utils/format';

/** Spanish texts of the Notifications page (spec sections 2 and 8). */
export const NOTIFICATION_TEXTS = {
  title: 'Notificaciones',
  unreadCount: (n: number) => `${n} sin leer`,
  readCount: (n: number) => formatCount(n, 'leída', 'leídas'),
  refresh: 'Actualizar',
  showRead: 'Mostrar leídas',
  markRead: 'Marcar leída',
  markAllRead: 'Marcar todas como leídas',
  emptyUnread: 'No hay notificaciones sin leer',
  emptyRead: 'No hay notificaciones leídas',
  footer: (shown: number, total: number) =>
    `Mostrando ${formatInteger(shown)} de ${formatCount(total, 'notificación', 'notificaciones')}`,
  loadError: 'No se pudieron cargar las notificaciones',
  markError: 'Error al marcar como leída',
  more: 'Cargar más',
} as const;

/** Spanish texts of the profile's push settings (issue 21, decision 092). */
export const PUSH_TEXTS = {
  title: 'Notificaciones push',
  description:
    'Te avisamos en este dispositivo aunque no tengas la aplicación abierta. Elige de qué quieres enterarte.',
  device: 'Recibir notificaciones en este dispositivo',
  categoriesTitle: 'Qué notificaciones recibir',
  categories: {
    messages: 'Mensajes nuevos',
    offers: 'Ofertas recibidas',
    offerAnswers: 'Respuestas a tus ofertas',
    handoffReminders: 'Recordatorios de entrega',
    savedSearches: 'Alertas de búsquedas guardadas',
  },
  unsupported:
    'Este navegador no admite notificaciones push. Prueba con la aplicación instalada o con otro navegador.',
  denied:
    'Bloqueaste las notificaciones de este sitio. Para recibirlas, permítelas en la configuración del navegador.',
  subscribeError:
    'No se pudieron activar las notificaciones en este dispositivo. Inténtalo de nuevo.',
  unsubscribeError: 'No se pudieron desactivar las notificaciones en este dispositivo.',
  loadError: 'No se pudieron cargar tus preferencias de notificaciones.',
  saveError: 'No se pudo guardar tu preferencia. Inténtalo de nuevo.',
} as const;
