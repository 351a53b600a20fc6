/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product name shown in the header and titles (defaults to DEFAULT_APP_NAME). */
  readonly VITE_APP_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
