import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps';
import { AppError } from '../lib/errors';
import { buildContentDisposition, StorageNotFoundError, verifyLocalSignature } from './storage';

/** Where local signed links point (`storage.signedUrl()` of the local driver). */
export const LOCAL_FILES_PREFIX = '/files';

/**
 * Serves the short-lived signed download links of local storage: `/files/<encoded key>?expires=…&sig=…`.
 * The signature (HMAC over key, expiry, disposition and file name) is the only credential: no session.
 * A bad or expired signature answers 403, a missing object 404. S3 links go to the bucket instead.
 */
export const localFilesPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  app.get(`${LOCAL_FILES_PREFIX}/*`, { schema: { hide: true } }, async (request, reply) => {
    const rawPath = request.url.split('?')[0]!.slice(LOCAL_FILES_PREFIX.length + 1);
    let key: string;
    try {
      key = decodeURIComponent(rawPath);
    } catch {
      throw new AppError('NOT_FOUND');
    }
    const query = request.query as Record<string, unknown>;
    if (!verifyLocalSignature(key, query, deps.fileSigningSecret)) {
      throw new AppError('FORBIDDEN', { message: 'This download link is invalid or has expired' });
    }
    try {
      const object = await deps.storage.get(key);
      const disposition = query.disposition === 'inline' ? 'inline' : 'attachment';
      const fileName = typeof query.filename === 'string' ? query.filename : undefined;
      return reply
        .header('content-type', object.contentType)
        .header('content-length', String(object.size))
        .header('content-disposition', buildContentDisposition(disposition, fileName))
        .header('cache-control', 'private, no-store')
        .send(object.body);
    } catch (err) {
      if (err instanceof StorageNotFoundError) throw new AppError('NOT_FOUND');
      throw err;
    }
  });
};
