import { createHash } from 'node:crypto';
import { jawFixtureStl } from '@cuspid/mesh/testing';
import type { FastifyInstance } from 'fastify';
import { bearer } from './setup-app';

/**
 * A jaw scan as a binary STL of about `bytes` bytes (84 + 50 per triangle): the content of an upload that has to
 * pass the scan check its last byte goes through (ADR 0100).
 */
export function scanOfSize(bytes: number): Buffer {
  return Buffer.from(jawFixtureStl({ triangles: Math.max(200, Math.round((bytes - 84) / 50)) }));
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };

/** Uploads a scan through the tus endpoint as the browser does (create, send, complete with its sha256). */
export async function uploadScan(
  app: FastifyInstance,
  token: string,
  content: Uint8Array,
  fileName = 'upper.stl',
): Promise<string> {
  const bytes = Buffer.from(content);
  const created = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...bearer(token),
      ...TUS,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64(fileName)},filetype ${b64('model/stl')}`,
    },
  });
  if (created.statusCode !== 201) throw new Error(`upload create: ${created.statusCode} ${created.body}`);
  const id = String(created.headers.location).split('/').pop()!;
  const sent = await app.inject({
    method: 'PATCH',
    url: `/api/uploads/${id}`,
    headers: { ...bearer(token), ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
  if (sent.statusCode !== 204) throw new Error(`upload patch: ${sent.statusCode} ${sent.body}`);
  const done = await app.inject({
    method: 'POST',
    url: `/api/uploads/${id}/complete`,
    headers: bearer(token),
    payload: { sha256: createHash('sha256').update(bytes).digest('hex') },
  });
  if (done.statusCode !== 200) throw new Error(`upload complete: ${done.statusCode} ${done.body}`);
  return id;
}
