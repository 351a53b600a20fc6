/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product name shown in the header and titles (defaults to DEFAULT_APP_NAME). */
  readonly VITE_APP_NAME?: string;
  /** The campus time zone, set at build time from CAMPUS_TIME_ZONE (vite.config.ts, decision 050). */
  readonly CAMPUS_TIME_ZONE: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
