import { ERROR_MESSAGES, type ErrorResponse } from '@cuspid/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../lib/errors';

/** One error shape everywhere (spec section 8): `code`, `message`, `errors` per field, `requestId`. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const send = (status: number, body: Omit<ErrorResponse, 'requestId'>) =>
      reply.status(status).send({ ...body, requestId: request.id } satisfies ErrorResponse);

    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(error.status, {
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
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
      return send(400, { code: 'VALIDATION_FAILED', message: first ?? ERROR_MESSAGES.VALIDATION_FAILED, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return send(500, { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) return send(429, { code: 'TOO_MANY_REQUESTS', message: ERROR_MESSAGES.TOO_MANY_REQUESTS });
    if (status === 413) return send(413, { code: 'PAYLOAD_TOO_LARGE', message: ERROR_MESSAGES.PAYLOAD_TOO_LARGE });
    if (status === 415)
      return send(415, { code: 'UNSUPPORTED_MEDIA_TYPE', message: ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE });
    if (status >= 400 && status < 500) {
      return send(status, { code: 'BAD_REQUEST', message: error.message || ERROR_MESSAGES.BAD_REQUEST });
    }
    // Never leak internals: log the real error with the request id, answer the generic message.
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL });
  });
});
