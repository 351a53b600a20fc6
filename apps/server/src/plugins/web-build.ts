import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_DESCRIPTION, BRAND_COLORS } from '@unimercado/shared/constants';
import type { WebRoute } from '@unimercado/shared/routes';
import escapeHtml from 'escape-html';

/**
 * The built web app as the server writes its pages (decision 045): read once at start-up from
 * Vite's manifest (Vite's backend integration), never by editing Vite's HTML. Each page is a
 * document the server composes around its render (page-render.ts): the fonts' rules and the boot
 * script written in (no request before the first paint), the entry's module script and the code
 * of that page preloaded, the render's styles, markup and state.
 */

/** One chunk of Vite's manifest (`dist/.vite/manifest.json`). */
export type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** The files a manifest key pulls in before running: its chunk and its static imports, transitively. */
export const staticClosure = (manifest: Manifest, key: string, into = new Set<string>()) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest (renamed module?)`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
};

/** A page's module in the manifest, from the shared route table's `page`. */
export const pageModule = (route: WebRoute) => `src/app/${route.page}.tsx`;

/** What the server's render gives for one page (apps/web/src/app/entry-server.tsx). */
export type RenderedPage = { head: string; styles: string; html: string; state: string };

/** A page's own title and tags (a product's link preview), already escaped by their renderer. */
export type PageHead = { title: string; tags: string };

export type WebBuild = {
  /** The whole HTML of a page; `route` undefined for a path that is no page (404). */
  document: (
    route: WebRoute | undefined,
    page: RenderedPage | undefined,
    head: PageHead | undefined,
  ) => string;
  /** CSP sources (`'sha256-…'`) of the scripts written into the pages. */
  inlineScriptSources: readonly string[];
};

/** The CSP source that allows exactly this inline script. */
export const scriptHashSource = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** Whether a CSS unicode-range (`U+41`, `U+0-FF`, `U+??`, comma-separated) covers `codePoint`. */
const coversCodePoint = (range: string, codePoint: number) =>
  range.split(',').some((token) => {
    const [start = '', end] = token.trim().replace(/^U\+/i, '').split('-');
    const low = Number.parseInt(start.replaceAll('?', '0'), 16);
    const high = Number.parseInt((end ?? start).replaceAll('?', 'F'), 16);
    return codePoint >= low && codePoint <= high;
  });

/**
 * The woff2 files of the fonts' @font-face rules that draw Latin letters (`A`): what every Spanish
 * text needs. Rules without a unicode-range apply to every character.
 */
export const latinFontFiles = (css: string) =>
  Array.from(css.matchAll(/@font-face\s*\{[^}]*\}/g), ([rule]) => rule)
    .filter((rule) => {
      const range = /unicode-range:\s*([^;}]+)/i.exec(rule)?.[1];
      return range === undefined || coversCodePoint(range, 0x41);
    })
    .map((rule) => /url\(["']?([^)"']+\.woff2)["']?\)/.exec(rule)?.[1])
    .filter((url): url is string => url !== undefined);

const DESCRIPTION = escapeHtml(APP_DESCRIPTION);

const readBuildFile = (webDistDir: string, file: string) => {
  const full = path.join(webDistDir, file);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
};

const moduleLink = (file: string) =>
  `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`;

/**
 * Reads `WEB_DIST_DIR` once: undefined when there is no build (the API runs alone). The entry's
 * style sheet (the fonts' @font-face rules, src/fonts.css) is written into every page with its
 * Basic Latin files preloaded, so text is laid out once, in its font; the boot script
 * (public/boot.js) is written in and allowed by its hash.
 */
export const loadWebBuild = (webDistDir: string, appName: string): WebBuild | undefined => {
  const manifestText = readBuildFile(webDistDir, '.vite/manifest.json');
  if (manifestText === undefined) return undefined;
  const manifest = JSON.parse(manifestText) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entry = entryKey ? manifest[entryKey] : undefined;
  if (!entryKey || !entry) throw new Error('The Vite manifest has no entry chunk.');
  const entryFiles = staticClosure(manifest, entryKey);

  const css = (entry.css ?? [])
    .map((file) => readBuildFile(webDistDir, file) ?? '')
    .filter((text) => !text.includes('</style'))
    .join('');
  const fonts = `${latinFontFiles(css)
    .map(
      (url) =>
        `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(url)}">`,
    )
    .join('')}<style>${css}</style>`;
  const boot = readBuildFile(webDistDir, 'boot.js');
  const bootScript = boot !== undefined && !boot.includes('</script') ? boot : undefined;

  const name = escapeHtml(appName);
  const entryCode = [...entryFiles]
    .filter((file) => file !== entry.file && file.endsWith('.js'))
    .map(moduleLink)
    .join('');
  const pageCode = new Map<string, string>();
  /** A page's own chunks beyond the entry's, fetched with it instead of after it has run. */
  const pageCodeOf = (route: WebRoute) => {
    let links = pageCode.get(route.page);
    if (links === undefined) {
      const key = pageModule(route);
      links = manifest[key]
        ? [...staticClosure(manifest, key)]
            .filter((file) => file.endsWith('.js') && !entryFiles.has(file))
            .map(moduleLink)
            .join('')
        : '';
      pageCode.set(route.page, links);
    }
    return links;
  };

  return {
    document: (route, page, head) => {
      const hasTitle = page?.head.includes('<title>') ?? false;
      const title = hasTitle ? '' : `<title>${head ? escapeHtml(head.title) : name}</title>`;
      const tags = head?.tags ?? '';
      const description = /name="description"/.test(tags)
        ? ''
        : `<meta name="description" content="${DESCRIPTION}" />`;
      return [
        '<!doctype html>\n<html lang="es"><head>',
        '<meta charset="UTF-8" />',
        '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />',
        `<meta name="theme-color" content="${BRAND_COLORS.primary}" />`,
        // The installable app (decision 091): its manifest, with APP_NAME, and a raster icon.
        '<link rel="manifest" href="/manifest.webmanifest" />',
        `<meta name="application-name" content="${name}" />`,
        description,
        '<link rel="icon" type="image/svg+xml" href="/logo.svg" />',
        '<link rel="apple-touch-icon" href="/icons/icon-192.png" />',
        title,
        page?.head ?? '',
        tags,
        fonts,
        page?.styles ?? '',
        bootScript ? `<script>${bootScript}</script>` : '',
        `<script type="module" crossorigin src="/${escapeHtml(entry.file)}"></script>`,
        entryCode,
        route ? pageCodeOf(route) : '',
        '</head><body>',
        '<noscript>Necesitas activar JavaScript para usar esta aplicación.</noscript>',
        `<div id="root">${page?.html ?? ''}</div>`,
        page?.state ?? '',
        '</body></html>\n',
      ].join('');
    },
    inlineScriptSources: bootScript ? [scriptHashSource(bootScript)] : [],
  };
};
