import { campusDateFormat } from '@unimercado/shared/format';
import { env } from '@/config/env';

/**
 * The shared Intl formatting (decision 050) with the web app's campus time zone: prices,
 * ratings, counts and relative times as they are, dates in the zone the build was given.
 */
export {
  formatCount,
  formatFileSize,
  formatInteger,
  formatPercent,
  formatPrice,
  formatRating,
  formatRatingSummary,
  formatRelativeTime,
} from '@unimercado/shared/format';

export const { formatDate, formatDateTime, formatTime } = campusDateFormat(env.campusTimeZone);
