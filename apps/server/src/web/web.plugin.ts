import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '@cuspid/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps';
import { sendNotFound } from '../plugins/error-handler';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * Serves the built web app at / with history-mode fallback: any GET for a page (not a file, not a
 * service path) answers index.html and the app's router takes over. /runtime-config.js tells the
 * app where each service lives.
 */
export const webPlugin: FastifyPluginAsync<{ deps: Deps; servicePrefixes: string[] }> = async (
  app,
  { deps, servicePrefixes },
) => {
  const runtimeConfig: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, services: deps.config.serviceUrls };
  const script = `window.__CUSPID_CONFIG__ = ${JSON.stringify(runtimeConfig)};\n`;
  app.get('/runtime-config.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(script),
  );

  const root = deps.config.webDistDir ?? DEFAULT_WEB_DIST;
  const indexPath = path.join(root, 'index.html');
  if (!fs.existsSync(indexPath)) {
    deps.logger.warn({ root }, 'web app is not built (npm run build): / serves nothing');
    // Unknown paths still answer the one error shape (not Fastify's own 404 body).
    app.setNotFoundHandler(async (request, reply) => sendNotFound(request, reply));
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // Hashed assets never change; index.html must always be fresh.
    setHeaders: (reply, filePath) => {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const isServicePath = (url: string) => servicePrefixes.some((p) => url === p || url.startsWith(`${p}/`));
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !isServicePath(url) && !path.extname(url);
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return sendNotFound(request, reply);
  });
};
