import { DEFAULT_APP_NAME } from '@unimercado/shared/constants';

/**
 * The product name is a runtime setting of the server (APP_NAME), which writes it into the page's
 * <meta name="application-name">; the Vite env and the default cover the dev server and tests.
 */
export const readAppName = (doc: Document | undefined, viteName: string | undefined): string => {
  const fromPage = doc
    ?.querySelector<HTMLMetaElement>('meta[name="application-name"]')
    ?.content.trim();
  if (fromPage) return fromPage;
  const fromVite = viteName?.trim();
  return fromVite ? fromVite : DEFAULT_APP_NAME;
};

type WebEnv = { appName: string; readonly apiBaseUrl: string; readonly campusTimeZone: string };

/** Web settings read once at load (architecture.md, "Configuration"). */
export const env: WebEnv = {
  appName: readAppName(
    typeof document === 'undefined' ? undefined : document,
    import.meta.env.VITE_APP_NAME,
  ),
  apiBaseUrl: '/api',
  /** Dates are written in it, on the server and in the browser alike (decision 050). */
  campusTimeZone: import.meta.env.CAMPUS_TIME_ZONE,
};

/** The server's render writes the server's APP_NAME, as the page's meta tag tells the browser. */
export const setServerAppName = (appName: string) => {
  env.appName = appName;
};
