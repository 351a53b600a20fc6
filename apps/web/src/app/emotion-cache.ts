import createCache from '@emotion/cache';

/**
 * Emotion's cache for MUI's styles, made the same way on the server (one per render,
 * app/entry-server.tsx) and in the browser (app/main.tsx), as MUI's server-rendering guide does:
 * the browser's cache of the same key takes over the style elements the server wrote instead of
 * inserting the rules again.
 */
export const createEmotionCache = () => createCache({ key: 'css' });
