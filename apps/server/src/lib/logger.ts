import { createRequire } from 'node:module';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pino from 'pino';
import type { AppConfig } from '../config/env';

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
 * (`%74oken` is `token` once the query is parsed): verification and reset links are single-use
 * secrets.
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
 * pino's `req` serializer: what a log line tells of a request, never its headers (credentials,
 * cookies). The URL's token values are hidden by the redaction below.
 */
export const requestLogFields = (request: LoggedRequest) => ({
  method: request.method,
  url: request.url,
  host: request.hostname,
  remoteAddress: request.ip,
});

/**
 * pino's redaction (its `redact` option): the request URL loses its token values, anything else
 * named here is replaced whole. The header paths guard lines that log raw requests or answers.
 */
export const LOG_REDACTION = {
  paths: [
    'req.url',
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
  ],
  censor: (value: unknown, path: string[]) =>
    path.length === 2 && path[1] === 'url' && typeof value === 'string'
      ? redactTokens(value)
      : '[Redacted]',
};

/**
 * One line per request (decision 013), through Fastify's documented `LogController`: nothing when
 * a request arrives, and `request completed` (or `request errored`) with the request's fields,
 * its status and time when it has been answered.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {
    // The request's fields go on the completion line.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}

const requestLoggerParents = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

/**
 * Request loggers are pino children (`reqId` bound) of one child made once per logger. Fastify
 * hands pino child options even when they are empty, and pino rebuilds its formatters for a child
 * made with options or of a root logger; a child without options of a child takes pino's short
 * path. Route-level log levels or serializers go through pino's full path, as Fastify's default.
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
    parent = logger.child({});
    requestLoggerParents.set(logger, parent);
  }
  return parent.child(bindings);
};

/** The Fastify options that make the request logging above. */
export const requestLogging = () => ({
  logController: new OneLinePerRequest(),
  childLoggerFactory: requestChildLoggerFactory,
});

const canPrettyPrint = () => {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
};

/**
 * Standard output through pino's asynchronous destination (sonic-boom): lines that arrive while a
 * write is under way go out together in the next one, so a busy server writes in blocks and a
 * quiet one at once; pino writes what is left when the process exits. One per process.
 */
let stdoutDestination: pino.DestinationStream | undefined;
const asyncStdout = () => (stdoutDestination ??= pino.destination({ dest: 1, sync: false }));

export const defaultLoggerOptions = (config: AppConfig): FastifyServerOptions['logger'] => ({
  level: config.logLevel,
  redact: LOG_REDACTION,
  serializers: { req: requestLogFields },
  ...(process.stdout.isTTY && !config.isProduction && canPrettyPrint()
    ? {
        transport: {
          target: 'pino-pretty',
          options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
        },
      }
    : { stream: asyncStdout() }),
});
