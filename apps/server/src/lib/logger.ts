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
 * cookies), and its URL with the token values hidden (`redactTokens`). Serializers rather than
 * pino's `redact`, which cloned every request line's `req` and `res` for its paths: ≈ 7 µs of a
 * small request's ≈ 50 µs of CPU (decision 102).
 */
export const requestLogFields = (request: LoggedRequest) => ({
  method: request.method,
  url: redactTokens(request.url),
  host: request.hostname,
  remoteAddress: request.ip,
});

/** pino's `res` serializer (Fastify's own default, stated here): the status, never the headers. */
export const replyLogFields = (reply: { statusCode: number }) => ({ statusCode: reply.statusCode });

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
 * Standard output through pino's asynchronous destination (sonic-boom), buffered as pino's
 * "Asynchronous logging" documentation shows (`minLength: 4096`): a busy server writes its lines
 * in blocks of 4 KB instead of one write per request (a system call each: ≈ 9 % of a small
 * request's CPU, decision 102), and the buffer is flushed every second (`periodicFlush`), so a
 * quiet server's lines still appear within a second. pino writes what is left when the process
 * exits. One per process.
 */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 1000;
let stdoutDestination: pino.DestinationStream | undefined;
const asyncStdout = () =>
  (stdoutDestination ??= pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  }));

export const defaultLoggerOptions = (config: AppConfig): FastifyServerOptions['logger'] => ({
  level: config.logLevel,
  serializers: { req: requestLogFields, res: replyLogFields },
  ...(process.stdout.isTTY && !config.isProduction && canPrettyPrint()
    ? {
        transport: {
          target: 'pino-pretty',
          options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
        },
      }
    : { stream: asyncStdout() }),
});
