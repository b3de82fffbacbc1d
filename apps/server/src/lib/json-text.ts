import type { FastifyReply } from 'fastify';

/**
 * Sends an answer the database already wrote as JSON (ADR 0104). Fastify sends a string as it is: the route's
 * response schema still documents the answer (OpenAPI), but nothing parses or encodes it on the way out, so the
 * statement that writes it is held to that schema by its tests.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
