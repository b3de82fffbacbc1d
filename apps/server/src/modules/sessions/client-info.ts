import type { FastifyRequest } from 'fastify';

/** Where a sign-in comes from: kept on the session, and the key of the per-address limits. */
export type ClientInfo = { ip: string; userAgent: string | undefined };

export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
