import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { z } from 'zod';
import { pingDatabase } from './db/client';
import type { Deps } from './deps';
import { AppError } from './lib/errors';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './lib/json-depth';
import { oauthMetadataPlugin, openApiTransform, openApiTransformObject } from './openapi';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors, sendNotFound } from './plugins/error-handler';
import { provideRouteTable } from './plugins/route-table';
import { SERVICES } from './services';
import { LOCAL_FILES_PREFIX, localFilesPlugin } from './storage/local-files.plugin';
import { webPlugin } from './web/web.plugin';

/**
 * Builds the HTTP server: external plugins first, then the app's own, then each configured service
 * under its base path, and the web app last. The same function serves `npm start`, a process that
 * runs a single service (SERVICES=auth) and the tests (`app.inject`).
 */
export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify<Server>({
    loggerInstance: deps.logger,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy as boolean | string,
    // A URL or headers too large for Node's parser (431) answer the one error shape too.
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  provideRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Security headers, the policy compiled once: @fastify/helmet built it again on every request (its directives
  // parsed per call, 2.5 % of the server's time on the case list).
  const securityHeaders = helmet({
    // The web app and the API reference load only same-origin scripts; inline styles come from Mantine.
    // 'wasm-unsafe-eval' lets same-origin scripts compile WebAssembly (the uploader's sha256, the mesh
    // simplifier) without allowing eval() of JavaScript.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...deps.config.corsOrigins],
        workerSrc: ["'self'", 'blob:'],
        // The invoice PDF preview: the PDF is fetched with the session and shown from a blob URL in a frame.
        frameSrc: ["'self'", 'blob:'],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  await app.register(cors, {
    origin: deps.config.corsOrigins.length ? deps.config.corsOrigins : false,
    // PATCH, HEAD and DELETE: the resumable scan uploads (tus, ADR 0100) from another origin.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    credentials: false,
  });
  await app.register(errorHandlerPlugin);
  // JSON bodies nested deeper than any call takes are refused before they are parsed, validated or stringified
  // (each recursive: 10,000 nested arrays would exhaust the stack and answer 500). Every service inherits it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new AppError('BAD_REQUEST', { message: `The JSON nests more than ${MAX_JSON_DEPTH} levels` }), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  const mounted = deps.config.services.filter((s): s is keyof typeof SERVICES => s in SERVICES);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Cuspid API',
        version: '1.0.0',
        description: `Services in this process: ${mounted.map((s) => `${SERVICES[s].title} (${SERVICES[s].prefix})`).join(', ')}.`,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true } });

  const readySchema = z.object({ status: z.enum(['ok', 'unavailable']), checks: z.record(z.string(), z.boolean()) });
  app.get(
    '/health',
    { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    { schema: { hide: true, response: { 200: readySchema, 503: readySchema } } },
    async (_request, reply) => {
      const checks = {
        database: await pingDatabase(deps.db).then(
          () => true,
          () => false,
        ),
        storage: await deps.storage.ready().then(
          () => true,
          () => false,
        ),
        jobs: deps.jobs.isRunning(),
      };
      const ok = Object.values(checks).every(Boolean);
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
    },
  );

  for (const name of mounted) {
    const service = SERVICES[name];
    await app.register(service.plugin, { prefix: service.prefix, deps });
  }
  // The token endpoint's metadata (RFC 8414), at the root of PUBLIC_URL: served by the process that
  // holds the authentication service or the web app (the one PUBLIC_URL reaches).
  if (mounted.includes('auth') || deps.config.services.includes('web')) {
    const { publicUrl, serviceUrls } = deps.config;
    await app.register(oauthMetadataPlugin, { publicUrl, authBaseUrl: serviceUrls.auth });
  }
  // Local signed download links (`storage.signedUrl()`); S3 links point to the bucket.
  const localFiles = deps.storage.kind === 'local';
  if (localFiles) await app.register(localFilesPlugin, { deps });
  if (deps.config.services.includes('web')) {
    const servicePrefixes = [
      ...mounted.map((s) => SERVICES[s].prefix),
      '/docs',
      '/.well-known',
      ...(localFiles ? [LOCAL_FILES_PREFIX] : []),
    ];
    await app.register(webPlugin, { deps, servicePrefixes });
  } else {
    app.setNotFoundHandler(sendNotFound);
  }
  return app as unknown as FastifyInstance;
}
