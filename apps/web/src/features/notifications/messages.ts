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
