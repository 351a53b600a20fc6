const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_MINUTES = 1440;

/**
 * Spanish relative time with the spec's thresholds (section 2, notifications; section 9):
 * under 1 min 'Ahora mismo', under 60 'Hace N min', under 1440 'Hace N h', else 'Hace N días'.
 * Future dates (clock skew) count as now.
 */
export const formatRelativeTime = (
  date: Date | string | number,
  now: Date = new Date(),
): string => {
  const time = new Date(date).getTime();
  if (Number.isNaN(time)) return '';
  const minutes = Math.floor((now.getTime() - time) / MINUTE_MS);
  if (minutes < 1) return 'Ahora mismo';
  if (minutes < HOUR_MINUTES) return `Hace ${minutes} min`;
  if (minutes < DAY_MINUTES) return `Hace ${Math.floor(minutes / HOUR_MINUTES)} h`;
  const days = Math.floor(minutes / DAY_MINUTES);
  return days === 1 ? 'Hace 1 día' : `Hace ${days} días`;
};
