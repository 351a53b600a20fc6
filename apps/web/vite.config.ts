/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { DEFAULT_CAMPUS_TIME_ZONE, resolveTimeZone } from '../../packages/shared/src/format';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The campus time zone (CAMPUS_TIME_ZONE, decision 050), from the environment or the repository's
 * .env as the server reads it: written into the code at build time, so the server's render and the
 * browser's write the same dates. A name Intl does not know stops the build. Tests use the
 * default whatever the machine's settings, as the server's do.
 */
const campusTimeZone = (mode: string) => {
  if (mode === 'test') return DEFAULT_CAMPUS_TIME_ZONE;
  const configured = loadEnv(mode, REPO_ROOT, 'CAMPUS_TIME_ZONE').CAMPUS_TIME_ZONE?.trim();
  if (!configured) return DEFAULT_CAMPUS_TIME_ZONE;
  const zone = resolveTimeZone(configured);
  if (zone === undefined) {
    throw new Error(
      `CAMPUS_TIME_ZONE debe ser una zona horaria IANA, p. ej. ${DEFAULT_CAMPUS_TIME_ZONE}`,
    );
  }
  return zone;
};

/**
 * Everything the entry imports statically (rolldown's `$initial` tag) goes into one chunk: the
 * browser loads all of it before the first render anyway, and one file compresses ≈8 % better
 * than the thirty small shared chunks the default splitting makes of it (issue 7's JS budget,
 * scripts/budget.mjs).
 */
const ENTRY_GROUP = { name: 'app', tags: ['$initial' as const] };

/**
 * The entry's own style sheet (the fonts, src/fonts.css; emitted as `main-<hash>.css`) is in every
 * page already, written in by the server: the code's dynamic imports must not load it again.
 */
const PAGE_STYLE_SHEET = /(?:^|\/)main-[\w-]+\.css$/;

/**
 * `vite build` makes the browser's code from src/app/main.tsx, with a manifest the server reads to
 * write each page's script and preloads (Vite's backend integration); `vite build --ssr` makes the
 * server's render (src/app/entry-server.tsx) into dist/.ssr/, a dot-folder the server never serves,
 * with React, MUI and Emotion bundled in as their production builds, so the server's markup and
 * class names are the browser's (decision 045). index.html is the dev server's page only.
 */
const ssrBuild = {
  outDir: 'dist/.ssr',
  emptyOutDir: true,
  manifest: false,
  sourcemap: false,
  copyPublicDir: false,
} as const;

/**
 * The service worker (decision 091): vite-plugin-pwa's injectManifest builds src/sw/sw.ts into
 * dist/sw.js with the list of files to precache: the app's code and styles, the Latin fonts,
 * the icons and the offline page. The manifest is the server's (APP_NAME is a runtime setting)
 * and the page registers the worker itself (lib/offline-app.ts), so the plugin writes neither.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  manifest: false,
  injectRegister: false,
  injectManifest: {
    globPatterns: [
      'assets/*.{js,css}',
      'assets/*-latin-{400,500,600,700}-normal-*.woff2',
      'icons/*.png',
      'logo.svg',
      'offline.*',
    ],
    // The largest chunk (the entry) is ≈ 600 KB before compression.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  devOptions: { enabled: false },
});

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: isSsrBuild || mode === 'test' ? [react()] : [react(), serviceWorker],
  define: {
    'import.meta.env.CAMPUS_TIME_ZONE': JSON.stringify(campusTimeZone(mode)),
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
      '/uploads': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: 'dist',
        emptyOutDir: true,
        assetsDir: 'assets',
        sourcemap: 'hidden',
        manifest: true,
        modulePreload: {
          resolveDependencies: (_file, deps) => deps.filter((dep) => !PAGE_STYLE_SHEET.test(dep)),
        },
        rolldownOptions: {
          input: 'src/app/main.tsx',
          output: { codeSplitting: { groups: [ENTRY_GROUP] } },
        },
      },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 30_000,
  },
}));
