import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { WEB_ROUTES, type WebRoutePath } from '@unimercado/shared/routes';
import { precompressed, type PrecompressedBody } from './compression';

/**
 * The built web app as the server answers it: index.html made into one page per route of the
 * app, once at start-up (docs/decisions/015 and 034). Each page gets the product name, the
 * style sheet and the boot script written in (no request before the first paint), its first
 * paint when it was prerendered at build time, and its code preloaded.
 */
export type WebBuild = {
  /** Each page of the app by its route pattern, compressed once per encoding on first demand. */
  pages: ReadonlyMap<WebRoutePath, PrecompressedBody>;
  /** What paths that are no page of the app get (with status 404). */
  notFound: PrecompressedBody;
  /**
   * A page's HTML with `page` as its first paint: a page the server rendered with its data
   * (page-render.ts), written in as a prerendered one is.
   */
  withPage: (route: WebRoutePath, page: PrerenderedPage) => string;
  /** CSP sources (`'sha256-…'`) of the scripts written into the pages. */
  inlineScriptSources: readonly string[];
};

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const TITLE = /<title>[^<]*<\/title>/;

/**
 * The product name is a runtime setting (APP_NAME): the built index.html carries the default in
 * its <title> and <meta name="application-name">, and the server writes the configured one in.
 */
export const renderIndexHtml = (html: string, appName: string) => {
  const name = escapeHtml(appName);
  return html
    .replace(TITLE, () => `<title>${name}</title>`)
    .replace(
      /<meta name="application-name" content="[^"]*"\s*\/?>/,
      () => `<meta name="application-name" content="${name}" />`,
    );
};

/** Vite's entry script and style sheet, and the boot script, in the built index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/;
const STYLE_SHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
const BOOT_SCRIPT = /<script src="\/(boot\.js)"><\/script>/;

const readBuildFile = (webDistDir: string, file: string) => {
  const full = path.join(webDistDir, file);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
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

/**
 * Writes the style sheet and the boot script into index.html instead of linking them: both are
 * small and needed before anything can be painted, so each link would cost the first paint a
 * round trip. The style sheet is the fonts' @font-face rules (the components' styles are
 * Emotion's, in the page), with their Basic Latin files preloaded: they arrive in time for the
 * first paint instead of being asked for only when it needs them, so the text does not change
 * font (and size) as the page loads. The boot script is allowed by its hash. Absent files stay
 * linked.
 */
export const inlineCriticalFiles = (html: string, webDistDir: string) => {
  const scriptSources: string[] = [];
  let result = html;
  const sheet = STYLE_SHEET.exec(result);
  const css = sheet ? readBuildFile(webDistDir, sheet[1] ?? '') : undefined;
  if (sheet && css !== undefined && !css.includes('</style')) {
    const preloads = latinFontFiles(css).map(
      (url) =>
        `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(url)}">`,
    );
    result = result.replace(sheet[0], () => `${preloads.join('')}<style>${css}</style>`);
  }
  const boot = BOOT_SCRIPT.exec(result);
  const script = boot ? readBuildFile(webDistDir, boot[1] ?? '') : undefined;
  if (boot && script !== undefined && !script.includes('</script')) {
    result = result.replace(boot[0], () => `<script>${script}</script>`);
    scriptSources.push(scriptHashSource(script));
  }
  return { html: result, scriptSources };
};

/** A page's first paint, prerendered at build time (scripts/prerender.mjs, decision 034). */
export type PrerenderedPage = { html: string; head: string };

type PrerenderFile = {
  appNamePlaceholder: string;
  pages: Partial<Record<WebRoutePath | '*', PrerenderedPage>>;
};

const readJson = <T>(webDistDir: string, file: string, fallback: T): T => {
  const text = readBuildFile(webDistDir, file);
  return text === undefined ? fallback : (JSON.parse(text) as T);
};

const moduleLink = (file: string, attributes = '') =>
  `<link rel="modulepreload"${attributes} crossorigin href="/${escapeHtml(file)}">`;

/**
 * Adds `<link rel="modulepreload">` for a page's own code to index.html, so the browser fetches
 * it alongside the entry instead of after the entry has run (one round trip less before the
 * first render; issue 7).
 */
export const withModulePreloads = (html: string, files: readonly string[] = []) =>
  files.length === 0
    ? html
    : html.replace(
        '</head>',
        () => `${files.map((file) => `    ${moduleLink(file)}\n`).join('')}  </head>`,
      );

/**
 * Writes a prerendered page into index.html: its title, its styles at the end of <head>, and its
 * markup first in the root element, where the light shell (shown instead to visitors with a
 * session, public/boot.js) follows it. `appName` (already escaped) replaces the placeholder the
 * page was rendered with.
 *
 * The page's JavaScript is not needed for its first paint: the entry and the page's code are
 * listed in an inert <template> (`#app-code`), which public/boot.js puts into the document once
 * the page has been painted, at low priority. So the visitor's connection and processor serve the
 * page's content first, and the app takes over right after.
 */
export const withPrerenderedPage = (
  html: string,
  page: PrerenderedPage,
  {
    placeholder,
    appName,
    preloads = [],
  }: {
    placeholder: string;
    appName: string;
    preloads?: readonly string[] | undefined;
  },
) => {
  const fill = (text: string) => (placeholder ? text.replaceAll(placeholder, appName) : text);
  const head = fill(page.head);
  const title = TITLE.exec(head)?.[0];
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  const code = [
    ...(entry ? [moduleLink(entry, ' fetchpriority="low" data-app-entry')] : []),
    ...preloads.map((file) => moduleLink(file, ' fetchpriority="low"')),
  ].join('');
  return (title ? html.replace(TITLE, () => title) : html)
    .replace(ENTRY_SCRIPT, () => `<template id="app-code">${code}</template>`)
    .replace('</head>', () => `${title ? head.replace(title, '') : head}\n  </head>`)
    .replace('<div id="root">', () => `<div id="root"><div id="app-page">${fill(page.html)}</div>`);
};

/**
 * Reads `WEB_DIST_DIR` once: undefined when there is no build (the API runs alone). Route
 * preloads (scripts/route-preloads.mjs) and prerendered pages (scripts/prerender.mjs) are
 * optional: a page without them preloads nothing, or shows the light shell of index.html.
 */
export const loadWebBuild = (webDistDir: string, appName: string): WebBuild | undefined => {
  const index = readBuildFile(webDistDir, 'index.html');
  if (index === undefined) return undefined;
  const { html: indexHtml, scriptSources } = inlineCriticalFiles(
    renderIndexHtml(index, appName),
    webDistDir,
  );
  const routePreloads = readJson<Partial<Record<WebRoutePath, string[]>>>(
    webDistDir,
    '.vite/route-preloads.json',
    {},
  );
  const prerender = readJson<PrerenderFile>(webDistDir, '.vite/prerender.json', {
    appNamePlaceholder: '',
    pages: {},
  });
  const withPage = (route: WebRoutePath | '*', page: PrerenderedPage) =>
    withPrerenderedPage(indexHtml, page, {
      placeholder: prerender.appNamePlaceholder,
      appName: escapeHtml(appName),
      preloads: route === '*' ? [] : routePreloads[route],
    });
  const buildPage = (route: WebRoutePath | '*') => {
    const page = prerender.pages[route];
    if (page) return precompressed(withPage(route, page));
    return precompressed(withModulePreloads(indexHtml, route === '*' ? [] : routePreloads[route]));
  };
  return {
    pages: new Map(WEB_ROUTES.map((route) => [route.path, buildPage(route.path)])),
    notFound: buildPage('*'),
    withPage,
    inlineScriptSources: scriptSources,
  };
};
