import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { DECLARED } from './declarations';

/**
 * The operationId of a route, from its method and path alone (ADR 0002): the method in lower case,
 * then each path segment in PascalCase, words split at any character that is not a letter or a
 * digit; a path parameter `:id` (or `{id}`) reads `ById`.
 *   GET /api/companies              → getApiCompanies
 *   GET /api/companies/:id/logo     → getApiCompaniesByIdLogo
 *   POST /auth/login/two-factor     → postAuthLoginTwoFactor
 * A route keeps its id as long as its method and path do, i.e. as long as the wire contract does.
 */
export function operationIdOf(method: string, url: string): string {
  const pascal = (text: string) =>
    text
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((word) => word[0]?.toUpperCase() + word.slice(1))
      .join('');
  const segments = url
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const parameter = /^:(.+)$/.exec(segment)?.[1] ?? /^\{(.+)\}$/.exec(segment)?.[1];
      return parameter ? `By${pascal(parameter)}` : pascal(segment);
    });
  return method.toLowerCase() + segments.join('');
}

/** Each route's schema as JSON Schema (fastify-type-provider-zod), plus its operationId. */
export const openApiTransform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  if (!schema || schema.hide) return { schema, url };
  const methods = [input.route.method].flat().filter((m) => m !== 'HEAD');
  // One method per documented route here; a route with several would need one id per method.
  return { schema: { ...schema, operationId: operationIdOf(methods[0] ?? 'get', input.url) }, url };
};

/**
 * Adds the named zod schemas (those with `.meta({ id })`, such as the recursive TemplateValue of
 * process-template) as components, so every `$ref` the route schemas hold resolves.
 */
export const openApiTransformObject: SwaggerTransformObject = jsonSchemaTransformObject;

/** RFC 8414 metadata of the OAuth 2 client-credentials token endpoint (POST {AUTH_BASE_URL}/token). */
export function authorizationServerMetadata(publicUrl: string, authBaseUrl: string) {
  const issuer = publicUrl.replace(/\/$/, '');
  const authBase = new URL(authBaseUrl.replace(/\/?$/, '/'), `${issuer}/`);
  return {
    issuer,
    token_endpoint: new URL('token', authBase).href,
    // The public keys that verify the access tokens, the current and the retired ones (ADR 0114).
    jwks_uri: new URL('jwks.json', authBase).href,
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    // No authorization endpoint: no response type is supported.
    response_types_supported: [] as string[],
    // An API key's scopes are permission titles.
    scopes_supported: DECLARED.permissions.map((p) => p.title),
    service_documentation: `${issuer}/docs`,
  };
}

export const WELL_KNOWN_OAUTH_METADATA = '/.well-known/oauth-authorization-server';

/**
 * GET /.well-known/oauth-authorization-server at the root of the app (RFC 8414 section 3), beside
 * the authentication service whose token endpoint it describes. Public: it says nothing a client
 * could not read from the API reference.
 */
export const oauthMetadataPlugin: FastifyPluginAsync<{ publicUrl: string; authBaseUrl: string }> = async (
  app,
  { publicUrl, authBaseUrl },
) => {
  const metadata = authorizationServerMetadata(publicUrl, authBaseUrl);
  app.get(WELL_KNOWN_OAUTH_METADATA, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(metadata),
  );
};
