import type { Readable } from 'node:stream';
import type { Jaw } from '@cuspid/contracts/cases';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { authorize } from '../../lib/authorize';
import { AppError } from '../../lib/errors';
import { buildContentDisposition, StorageNotFoundError } from '../../storage/storage';
import { casePolicy } from './cases.policy';
import * as repo from './cases.repository';

/** A stored file on its way to the caller: streamed through the API, under the same rules as every read. */
export type Download = { fileName: string; contentType: string; size?: number; body: Readable };

/** A stored object of a case (scan or result file); a missing object answers 404. */
export async function openStored(deps: Deps, key: string) {
  try {
    return await deps.storage.get(key);
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw new AppError('NOT_FOUND');
    throw err;
  }
}

/** Sends a download as an attachment that no cache keeps. */
export function sendDownload(reply: FastifyReply, download: Download) {
  reply
    .header('content-type', download.contentType)
    .header('content-disposition', buildContentDisposition('attachment', download.fileName))
    .header('cache-control', 'private, no-store');
  if (download.size !== undefined) reply.header('content-length', String(download.size));
  return reply.send(download.body);
}

/** A jaw's scan as it was uploaded (deleted jaws too: they can be restored). */
export async function jawDownload(deps: Deps, actor: Actor, caseId: string, jaw: Jaw): Promise<Download> {
  authorize(actor, casePolicy, await repo.findVisibleCase(deps.db, actor, caseId));
  const row = (await repo.listJaws(deps.db, [caseId])).find((j) => j.jaw === jaw);
  if (!row) throw new AppError('CASE_JAW_MISSING', { params: { jaw } });
  const object = await openStored(deps, row.storageKey);
  return { fileName: row.fileName, contentType: row.contentType, size: object.size, body: object.body };
}
