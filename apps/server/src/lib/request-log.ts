import type {
  FastifyBaseLogger,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import pino from 'pino';

const isTokenParameter = (name: string) => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).trim().toLowerCase() === 'token';
  } catch {
    return false;
  }
};

const MAY_NAME_TOKEN = /token|%/i;

/**
 * Hides the value of every `token` query parameter, however its name is spelled in the URL
 * (`%74oken` is `token` once the query is parsed).
 */
export const redactTokens = (url: string) => {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url.slice(queryStart);
  // A name that reads `token` once decoded has it in plain letters or a percent escape.
  if (!MAY_NAME_TOKEN.test(query)) return url;
  return (
    url.slice(0, queryStart) +
    query.replace(/([?&])([^=&#]*)=([^&#]*)/g, (whole, separator: string, name: string) =>
      isTokenParameter(name) ? `${separator}${name}=[redacted]` : whole,
    )
  );
};

type LoggedRequest = { method: string; url: string; ip?: string; hostname?: string };

/**
 * What a log line tells of a request: never its headers (credentials, cookies) and never a
 * verification or reset token from its query (single-use secrets). pino's `req` serializer; the
 * request line below writes the same fields itself.
 */
export const requestLogFields = (request: LoggedRequest) => ({
  method: request.method,
  url: redactTokens(request.url),
  host: request.hostname,
  remoteAddress: request.ip,
});

/** Characters JSON.stringify would escape in a string (quotes, backslashes, controls, surrogates). */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `JSON.stringify(text)`, without its cost for the usual text that needs no escaping. */
const jsonString = (text: string) => (NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`);

/** Fastify's `request.hostname` (the Host without its port; an IPv6 literal keeps its brackets). */
const hostnameOf = (host: string) => {
  if (host[0] === '[') return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
};

const { streamSym, chindingsSym, timeSym, lsCacheSym, messageKeySym, endSym, serializersSym } =
  pino.symbols;
const INFO = 30;

/** What the request line takes from a pino logger, made once per parent of request loggers. */
type LineParts = {
  stream?: { write: (line: string) => unknown };
  levelPrefix: string;
  time: () => string;
  /** The message and the line end: `,"msg":"request completed"}` and a newline. */
  tail: string;
};

const linePartsByParent = new WeakMap<object, LineParts>();

/**
 * pino makes a child with `Object.create(parent)`, so every request logger of one parent shares
 * its stream, level prefixes, time function, message key and line end: read once per parent
 * (through `pino.symbols`), not for every line. Only the bindings (the `reqId`) are the request's own.
 */
const linePartsOf = (log: object): LineParts => {
  const parent = Object.getPrototypeOf(log) as object;
  let parts = linePartsByParent.get(parent);
  if (!parts) {
    const fields = log as Record<symbol, unknown>;
    parts = {
      stream: fields[streamSym] as LineParts['stream'],
      levelPrefix: (fields[lsCacheSym] as Record<number, string>)[INFO] ?? '',
      time: fields[timeSym] as () => string,
      tail: `,${JSON.stringify(fields[messageKeySym])}:"request completed"${fields[endSym] as string}`,
    };
    linePartsByParent.set(parent, parts);
  }
  return parts;
};

/**
 * The one line per request (decision 013), written straight to the request logger's stream in
 * pino's own format (its level, time and bindings, reqId included): the same line `log.info`
 * wrote, without pino's generic path (per-key serializers, the redaction clone of `req` and
 * `res`), which cost about as much as the rest of a small request. Nothing of the line comes
 * from the headers, so the redaction paths have nothing to hide in it. Does nothing when the
 * logger is off (tests) or above `info`.
 */
export const logRequestCompleted = (request: FastifyRequest, reply: FastifyReply) => {
  const log = request.log as { isLevelEnabled?: (level: string) => boolean };
  // Fastify's stand-in when logging is off has no levels.
  if (!log.isLevelEnabled?.('info')) return;
  const parts = linePartsOf(log);
  if (!parts.stream) return;
  // requestLogFields, written out: the same JSON as JSON.stringify gave, without making and
  // walking an object for every line (its keys in the same order; undefined values left out).
  const ip = request.ip;
  parts.stream.write(
    `${parts.levelPrefix}${parts.time()}${(log as Record<symbol, string>)[chindingsSym]},"req":{"method":${jsonString(request.method)},"url":${jsonString(redactTokens(request.url))},"host":${jsonString(hostnameOf(request.host))}${ip === undefined ? '' : `,"remoteAddress":${jsonString(ip)}`}},"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime}${parts.tail}`,
  );
};

/** The child made once per logger whose own children are the request loggers. */
type RequestLoggerParent = {
  logger: FastifyBaseLogger;
  /**
   * Whether pino's child of it is nothing but an object over it holding the bindings' JSON
   * after its own (checked once, on a probe): then request loggers are made that way directly.
   */
  direct: boolean;
};

const requestLoggerParents = new WeakMap<FastifyBaseLogger, RequestLoggerParent>();

/** Keys pino does not bind (they are child options). */
const RESERVED_BINDINGS = new Set(['level', 'serializers', 'formatters', 'customLevels']);

/** `,"key":"value"` for each binding, as pino writes them; undefined unless all are plain text. */
const bindingsJson = (
  bindings: Record<string, unknown>,
  serializers: Record<string, unknown>,
): string | undefined => {
  let json = '';
  for (const key in bindings) {
    const value = bindings[key];
    if (typeof value !== 'string' || RESERVED_BINDINGS.has(key) || serializers[key]) {
      return undefined;
    }
    json += `,${jsonString(key)}:${jsonString(value)}`;
  }
  return json;
};

const makeRequestLoggerParent = (logger: FastifyBaseLogger): RequestLoggerParent => {
  const parent = logger.child({});
  const probe = parent.child({ reqId: 'probe' }) as unknown as Record<symbol, unknown>;
  const fields = parent as unknown as Record<symbol, unknown>;
  const ownKeys = Reflect.ownKeys(probe);
  return {
    logger: parent,
    direct:
      Object.getPrototypeOf(probe) === parent &&
      ownKeys.length === 1 &&
      ownKeys[0] === chindingsSym &&
      probe[chindingsSym] === `${fields[chindingsSym] as string},"reqId":"probe"`,
  };
};

/**
 * Fastify makes a logger per request (`reqId` bound) and always hands pino child options, even
 * empty ones, which sends pino down its slow path (new formatters for every request). Without
 * route-level options the request logger is a child of a child made once, which pino makes on
 * its short path; the lines are the same. That short path only makes an object over the parent
 * holding the parent's bindings followed by the request's, as JSON text; it is done here
 * directly (pino's generic binding loop, serializer and stringifier lookups cost about as much
 * as the request line), when a probe shows pino would make exactly that. (pino's `onChild`
 * option, which the app does not set, is not called for them.)
 */
export const requestChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  if (options.level !== undefined || options.serializers !== undefined) {
    return logger.child(bindings, options);
  }
  let parent = requestLoggerParents.get(logger);
  if (!parent) {
    parent = makeRequestLoggerParent(logger);
    requestLoggerParents.set(logger, parent);
  }
  const fields = parent.logger as unknown as Record<symbol, unknown>;
  const json = parent.direct
    ? bindingsJson(bindings, fields[serializersSym] as Record<string, unknown>)
    : undefined;
  if (json === undefined) return parent.logger.child(bindings);
  const child = Object.create(parent.logger) as Record<symbol, unknown>;
  child[chindingsSym] = `${fields[chindingsSym] as string}${json}`;
  return child as unknown as FastifyBaseLogger;
};
