import { DEFAULT_APP_NAME } from '@unimercado/shared/constants';

const configuredName = import.meta.env.VITE_APP_NAME?.trim();

/** Web settings read once from Vite's env (architecture.md, "Configuration"). */
export const env = {
  appName: configuredName ? configuredName : DEFAULT_APP_NAME,
  apiBaseUrl: '/api',
} as const;
