import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody, ErrorCode } from '@unimercado/shared/errors';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AppError } from '../lib/app-error';
import { COMMON_MESSAGES, isAppError } from '../lib/app-error';

/** The contract's error body; `message` repeats `error` (spec clients read either, spec 8). */
export const errorBody = (code: ErrorCode, error: string, details?: unknown): ErrorBody =>
  details === undefined
    ? { error, message: error, code }
    : { error, message: error, code, details };

/** Fastify's own client errors, mapped to Spanish messages and contract codes. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: COMMON_MESSAGES.payloadTooLarge,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: COMMON_MESSAGES.unsupportedMediaType,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: COMMON_MESSAGES.badRequest },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: COMMON_MESSAGES.badJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: COMMON_MESSAGES.badJson },
};

const STACK_FRAMES = /\n\s+at [\s\S]*$/;

/**
 * A failed Drizzle query carries its bound parameters (password hashes, emails, phones) in its
 * message, stack and `params`, and PostgreSQL's `detail` may repeat the failing row. Logs keep the
 * SQL text, the error code and the stack frames, never the values.
 */
export const errorForLog = (error: unknown): unknown => {
  if (!(error instanceof DrizzleQueryError)) return error;
  const message = `Failed query: ${error.query}`;
  const cause: unknown = error.cause;
  const database = cause instanceof Error ? (cause as Error & Record<string, unknown>) : undefined;
  const safe = Object.assign(new Error(message), {
    name: 'DrizzleQueryError',
    // PostgreSQL's own fields, minus `detail` (it may quote the failing row).
    code: database?.code,
    severity: database?.severity,
    constraint: database?.constraint,
    table: database?.table,
    column: database?.column,
  });
  safe.stack = `DrizzleQueryError: ${message}${STACK_FRAMES.exec(error.stack ?? '')?.[0] ?? ''}`;
  if (database) safe.cause = Object.assign(new Error(database.message), { stack: database.stack });
  return safe;
};

/**
 * One place turns every failure into `{ error, message, code, details? }` (conventions.md). Bad input is
 * always a 4xx; anything unexpected is logged with the request and answered as a bare 500.
 */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (isAppError(error)) {
      if (error.headers) void reply.headers(error.headers);
      if (error.statusCode === 429) request.log.warn({ code: error.code }, 'rate limited');
      return reply
        .status(error.statusCode)
        .send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: issue.instancePath,
        message: issue.message,
        code: issue.keyword,
      }));
      const first = details[0]?.message ?? COMMON_MESSAGES.badRequest;
      return reply
        .status(400)
        .send(
          errorBody('VALIDATION_ERROR', first, { in: error.validationContext, issues: details }),
        );
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (known) return reply.status(status).send(errorBody(known.code, known.message));
    if (error instanceof SyntaxError || (status >= 400 && status < 500)) {
      // Any other client error Fastify raises (malformed JSON, bad headers...).
      return reply
        .status(status >= 400 && status < 500 ? status : 400)
        .send(
          errorBody(
            status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
            COMMON_MESSAGES.badRequest,
          ),
        );
    }
    request.log.error({ err: errorForLog(error) }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL_ERROR', COMMON_MESSAGES.internal));
  });
};

export const notFoundBody = () => errorBody('NOT_FOUND', COMMON_MESSAGES.routeNotFound);

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (oversized headers or request
 * line, timeouts, garbage) are written straight to the socket: still the contract's JSON body.
 */
const clientErrorHandler = (error: NodeJS.ErrnoException, socket: Socket) => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, errorBody('HEADERS_TOO_LARGE', COMMON_MESSAGES.headersTooLarge)]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, errorBody('REQUEST_TIMEOUT', COMMON_MESSAGES.requestTimeout)]
        : [400, errorBody('BAD_REQUEST', COMMON_MESSAGES.badRequest)];
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
};

/**
 * Errors the router raises before any hook runs (a malformed percent-encoding, a path parameter
 * longer than the router accepts): the contract's body instead of Fastify's default.
 */
const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(errorBody('URI_TOO_LONG', COMMON_MESSAGES.uriTooLong));
    return;
  }
  void reply.status(400).send(errorBody('BAD_REQUEST', COMMON_MESSAGES.badRequest));
};

/** Fastify constructor options that keep framework-level failures in the contract's shape. */
export const errorServerOptions = {
  clientErrorHandler,
  frameworkErrors,
} satisfies Pick<FastifyServerOptions, 'clientErrorHandler' | 'frameworkErrors'>;
