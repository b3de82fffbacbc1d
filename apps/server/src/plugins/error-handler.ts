import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { type ErrorResponse, GENERAL_ERRORS, type GeneralErrorCode, VALIDATION_MESSAGES } from '@cuspid/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers OAuth 2 clients (POST /auth/token): every error also carries RFC 6749's
     * `error` and `error_description` beside the usual shape.
     */
    oauthErrors?: boolean;
  }
}

/**
 * SQLSTATEs of values PostgreSQL cannot take (class 22 "data exception" and too large index rows):
 * caused by the request's input, so a 400, never a 500. The contracts' schemas refuse these values
 * first; this is the backstop for what reaches the database another way.
 */
const INPUT_SQLSTATES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire (NUL: "invalid byte sequence for encoding UTF8: 0x00")
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character
  '54000', // program_limit_exceeded (e.g. an index row too large for a huge value)
]);

/**
 * The SQLSTATE of a database error caused by the input, if `error` is one. node-postgres and PGlite
 * both throw an error with `code`; Drizzle wraps it in a DrizzleQueryError whose `cause` it is.
 */
export function inputSqlState(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && INPUT_SQLSTATES.has(code)) return code;
  }
  return undefined;
}

/** SQLSTATEs of a database that went away or is not taking sessions: the request may succeed again shortly. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a server restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '53300', // too_many_connections
]);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own words for a connection it lost or could not get within the pool's timeout. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * Whether `error` says the database is out of reach (its session was ended, the server restarts, no connection
 * within the pool's timeout): the request answers 503 in the error shape at once, and the pool opens new sessions
 * for the next ones.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((e) => {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code))
    )
      return true;
    const message = (e as { message?: unknown }).message;
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((words) => message.includes(words));
  });
}

/** How long a client is asked to wait before it tries again after a 503 of an unavailable database (seconds). */
const DATABASE_RETRY_AFTER_SECONDS = '5';

/** `new Date('+275760-09-13')` and the like reaching a driver: an invalid date from the input. */
const isInvalidDate = (error: unknown) =>
  causes(error).some((e) => e instanceof RangeError && e.message === 'Invalid time value');

/** The error and its causes (Drizzle wraps the driver's error). */
function causes(error: unknown): object[] {
  const chain: object[] = [];
  for (let e = error; e && typeof e === 'object' && chain.length < 5; e = (e as Error).cause) chain.push(e);
  return chain;
}

/** The `code` of each status Fastify or a plugin answers by itself (body parsing, limits, routing). */
const STATUS_CODES: Partial<Record<number, GeneralErrorCode>> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'TOO_MANY_REQUESTS',
};

const OAUTH_ERRORS: Partial<Record<number, string>> = { 401: 'invalid_client', 429: 'slow_down' };

/**
 * One error answer (spec section 8), with the OAuth fields on routes that answer OAuth clients
 * (`oauthError`: RFC 6749's error code when the caller knows it better than the status does).
 */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: Omit<ErrorResponse, 'requestId'>,
  oauthError?: string,
) {
  const oauth = request.routeOptions?.config?.oauthErrors
    ? { error: oauthError ?? OAUTH_ERRORS[status] ?? 'invalid_request', error_description: body.message }
    : {};
  return reply.status(status).send({ ...oauth, ...body, requestId: request.id } satisfies ErrorResponse);
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a header or URL too large for
 * `maxHeaderSize`, a malformed request line): answered in the same shape, with a request id of its own.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const [status, reason, code]: [number, string, GeneralErrorCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'REQUEST_TOO_LARGE']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'REQUEST_TIMEOUT']
        : [400, 'Bad Request', 'BAD_REQUEST'];
  const requestId = randomUUID();
  const body = JSON.stringify({ code, message: GENERAL_ERRORS[code].message, requestId } satisfies ErrorResponse);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Request-Id: ${requestId}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/**
 * Errors Fastify's router answers before any route or hook (a path parameter over `maxParamLength`,
 * a malformed URL component): the same shape instead of Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const code: GeneralErrorCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'BAD_REQUEST';
  return reply
    .status(GENERAL_ERRORS[code].status)
    .header('x-request-id', request.id)
    .header('cache-control', 'no-store')
    .send({ code, message: GENERAL_ERRORS[code].message, requestId: request.id } satisfies ErrorResponse);
}

/** The one 404 of paths no route answers. */
export const sendNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  sendError(request, reply, 404, { code: 'NOT_FOUND', message: GENERAL_ERRORS.NOT_FOUND.message });

/** One error shape everywhere (spec section 8): `code`, `message`, `errors` per field, `requestId`. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const send = (status: number, body: Omit<ErrorResponse, 'requestId'>) => sendError(request, reply, status, body);

    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(error.status, {
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.params ? { params: error.params } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        errors[field] ??= [];
        errors[field].push(issue.message ?? 'Invalid value');
      }
      const first = Object.values(errors)[0]?.[0];
      return send(400, {
        code: 'VALIDATION_FAILED',
        message: first ?? GENERAL_ERRORS.VALIDATION_FAILED.message,
        errors,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return send(500, { code: 'INTERNAL', message: GENERAL_ERRORS.INTERNAL.message });
    }
    const sqlState = inputSqlState(error);
    if (sqlState || isInvalidDate(error)) {
      // Logged: a schema should have refused this value before it reached the database.
      request.log.warn({ err: error, sqlState }, 'input refused by the database');
      const message = VALIDATION_MESSAGES.valueNotStorable;
      return send(400, { code: 'VALIDATION_FAILED', message, errors: { _: [message] } });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = STATUS_CODES[status];
      if (code) return send(status, { code, message: GENERAL_ERRORS[code].message });
      return send(status, { code: 'BAD_REQUEST', message: error.message || GENERAL_ERRORS.BAD_REQUEST.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      return send(503, { code: 'SERVICE_UNAVAILABLE', message: GENERAL_ERRORS.SERVICE_UNAVAILABLE.message });
    }
    // Never leak internals: log the real error with the request id, answer the generic message.
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { code: 'INTERNAL', message: GENERAL_ERRORS.INTERNAL.message });
  });
});
