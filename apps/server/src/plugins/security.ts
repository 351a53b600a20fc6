import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config/env';
import { AppError, COMMON_MESSAGES } from '../lib/app-error';

/** The WebSocket origin of the public URL: http://host -> ws://host, https://host -> wss://host. */
const websocketOrigin = (publicUrl: string) => {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
};

/**
 * Helmet with a CSP the built Vite app and Swagger UI live with: own scripts only; MUI/emotion
 * inject <style> tags, so only styles get 'unsafe-inline'. WebSocket chat may reach our own `/ws`
 * only (bare `ws:`/`wss:` would let injected code talk to any socket server).
 */
export const buildCspDirectives = (
  config: AppConfig,
  inlineScriptSources: readonly string[] = [],
) => ({
  defaultSrc: ["'self'"],
  // Own files, and the inline scripts of our pages by their hash (plugins/web-build.ts).
  scriptSrc: ["'self'", ...inlineScriptSources],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", websocketOrigin(config.publicUrl)],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  scriptSrcAttr: ["'none'"],
  // Upgrading sub-requests would break plain-HTTP deployments (LAN, localhost).
  upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
});

const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const CORS_EXPOSED_HEADERS = ['X-Total-Count', 'Retry-After', 'X-Request-Id'];
const CORS_MAX_AGE_SECONDS = 600;

/**
 * Browsers that may use the API and the WebSocket with credentials: the public URL's own origin
 * and CORS_ORIGINS (the WebSocket cookie identity needs one of them, architecture.md).
 */
export const isAllowedOrigin = (config: AppConfig, origin: string) =>
  origin === new URL(config.publicUrl).origin || config.corsOrigins.includes(origin);

/**
 * Helmet's headers for our settings, computed once: they are the same for every answer, and
 * running helmet per request rebuilt the CSP string each time (the request path's largest cost).
 */
export const buildSecurityHeaders = (
  config: AppConfig,
  inlineScriptSources: readonly string[] = [],
): Record<string, string> => {
  const isHttps = config.publicUrl.startsWith('https:');
  const options: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: buildCspDirectives(config, inlineScriptSources),
    },
    strictTransportSecurity: isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure instanceof Error ? failure : new Error('helmet refused the settings');
  return headers;
};

/**
 * The headers of answers that are data, not pages (the API's JSON, the health checks): nothing
 * in them may load, run or be framed (`default-src 'none'`), and the headers that only mean
 * something for a page (COOP, Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options,
 * X-XSS-Protection, X-Permitted-Cross-Domain-Policies) are left out: they were ≈ 600 bytes on
 * every API answer, more than most answers themselves (decision 032).
 */
export const buildDataHeaders = (pageHeaders: Record<string, string>): Record<string, string> => ({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  ...(pageHeaders['strict-transport-security']
    ? { 'strict-transport-security': pageHeaders['strict-transport-security'] }
    : {}),
});

/** API calls and health checks answer data; /api/docs is Swagger UI, a page. */
export const isDataRequest = (url: string) =>
  url.startsWith('/api/')
    ? !url.startsWith('/api/docs')
    : url.startsWith('/healthz') || url.startsWith('/readyz');

/**
 * Security headers, the request id and CORS. Helmet's headers are computed once at start-up
 * (`buildSecurityHeaders`) and set by one `onRequest` hook, the data set or the page set by path
 * (decision 032); CORS is @fastify/cors with the allowlist (`isAllowedOrigin`). Pages' inline
 * scripts are allowed by hash through `inlineScriptSources`.
 */
export const securityPlugin = fp<{ config: AppConfig; inlineScriptSources?: readonly string[] }>(
  async (app, { config, inlineScriptSources = [] }) => {
    const pageHeaders = buildSecurityHeaders(config, inlineScriptSources);
    const dataHeaders = buildDataHeaders(pageHeaders);
    const pageEntries = Object.entries(pageHeaders);
    const dataEntries = Object.entries(dataHeaders);
    app.addHook('onRequest', (request, reply, done) => {
      // Through the reply, not the raw response: Node then writes the whole set in one pass
      // (a header set on the raw response makes it copy every other one into its own map).
      const entries = isDataRequest(request.url) ? dataEntries : pageEntries;
      for (const [name, value] of entries) void reply.header(name, value);
      void reply.header('x-request-id', request.id);
      // A preflight must name its Origin and method: refused with the contract's error body
      // (@fastify/cors would answer a bare text).
      if (
        request.method === 'OPTIONS' &&
        (!request.headers.origin || !request.headers['access-control-request-method'])
      ) {
        done(new AppError(400, 'BAD_REQUEST', COMMON_MESSAGES.badPreflight));
        return;
      }
      done();
    });
    // Every answer varies by Origin. An allowed origin gets its CORS headers, and its preflight
    // a 204 before any authentication (browsers send no credentials in preflights); an origin
    // off the list gets none, and its preflight ends at the plugin's OPTIONS route, which
    // answers the app's 404. Requests without Origin (same-origin reads, other clients) get none.
    await app.register(cors, {
      origin: (origin, callback) => {
        callback(null, origin !== undefined && isAllowedOrigin(config, origin));
      },
      credentials: true,
      methods: CORS_METHODS,
      exposedHeaders: CORS_EXPOSED_HEADERS,
      maxAge: CORS_MAX_AGE_SECONDS,
    });
  },
  { name: 'security' },
);
