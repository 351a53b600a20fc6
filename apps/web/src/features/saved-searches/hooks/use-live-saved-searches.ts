import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { useReloadOnNotification } from '@/lib/realtime';
import { SAVED_SEARCHES_KEY } from '../api/get-saved-searches';

const RELOADED = { [NOTIFICATION_TYPES.savedSearch]: [SAVED_SEARCHES_KEY] } as const;

/** While 'Mis búsquedas' is open, a saved-search alert pushed live reloads its counts. */
export const useLiveSavedSearches = () => useReloadOnNotification(RELOADED);
