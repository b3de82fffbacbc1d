import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Upload, UploadStatus } from '@cuspid/contracts/uploads';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { authorize } from '../../lib/authorize';
import { AppError } from '../../lib/errors';
import { readPolicy, writePolicy } from './uploads.policy';
import * as repo from './uploads.repository';
import { checkStagedScan, recordedRefusal, scanRefusalError } from './uploads.scan-check';

export type StoredUpload = {
  id: string;
  storageKey: string;
  fileName: string;
  size: number;
  sha256: string;
  contentType: string;
};

/** A file name safe as the last segment of a storage key (letters, digits, `.-_`; at most 120 characters). */
export function safeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-120);
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : 'scan';
}

export const storageKeyOf = (row: { companyId: string; id: string; fileName: string }) =>
  `uploads/${row.companyId}/${row.id}/${safeFileName(row.fileName)}`;

export function toUpload(row: repo.UploadRow, offset?: number): Upload {
  return {
    id: row.id,
    company_id: row.companyId,
    created_by: row.createdBy,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.size,
    offset: offset ?? (row.status === 'uploading' ? 0 : row.size),
    sha256: row.sha256,
    status: row.status as UploadStatus,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    consumed_at: row.consumedAt?.toISOString() ?? null,
  };
}

const stagingPaths = (stagingDir: string, id: string) => [
  path.join(stagingDir, id),
  path.join(stagingDir, `${id}.json`),
];

/** Removes an upload's staging file and its tus record; missing ones are fine. */
export async function removeStaging(stagingDir: string, id: string) {
  await Promise.all(stagingPaths(stagingDir, id).map((file) => rm(file, { force: true })));
}

/** Bytes in the staging file (the tus offset) of an upload still in progress; null without a staging file. */
export async function stagedSize(stagingDir: string, id: string): Promise<number | null> {
  try {
    return (await stat(path.join(stagingDir, id))).size;
  } catch {
    return null;
  }
}

/** Bytes in the staging file (the tus offset) of an upload still in progress. */
export async function stagedBytes(stagingDir: string, id: string): Promise<number> {
  return (await stagedSize(stagingDir, id)) ?? 0;
}

export function createUploadsService(deps: Deps) {
  const { db, storage, logger } = deps;
  const { stagingDir, maxBytes } = deps.config.uploads;

  /**
   * The check of a finished upload, before it is stored (ADR 0100): what is no scan that can be processed is
   * refused here, with the reason, so that no case can be charged for it. A check that could not run lets the
   * file through (the processing engine reads it all later); it never refuses what it did not find wrong.
   */
  async function refuseUnreadable(row: repo.UploadRow) {
    const started = performance.now();
    const check = await checkStagedScan(path.join(stagingDir, row.id), row.fileName, row.size).catch((err) => {
      logger.error({ err, uploadId: row.id }, 'the scan check of a finished upload could not run');
      return null;
    });
    const ms = Math.round(performance.now() - started);
    if (!check) return;
    if (check.ok) {
      logger.info(
        { uploadId: row.id, format: check.format, parsed: check.parsed, outOfTime: check.outOfTime, ms },
        'checked a scan upload',
      );
      return;
    }
    const refusal = scanRefusalError(check, row.fileName);
    await repo.markRefused(db, row.id, {
      failureReason: refusal.message,
      refusal: { code: refusal.code, params: refusal.params ?? {} },
    });
    await removeStaging(stagingDir, row.id);
    logger.info({ uploadId: row.id, reason: check.reason, detail: check.message, ms }, 'refused a scan upload');
    throw refusal;
  }

  return {
    maxBytes,
    stagingDir,

    /** An upload the caller started (404 for anyone else). */
    async findOwn(actor: Actor, id: string) {
      return authorize(actor, writePolicy, await repo.findUpload(db, id));
    },

    async get(actor: Actor, id: string): Promise<Upload> {
      const row = authorize(actor, readPolicy, await repo.findUpload(db, id));
      const offset = row.status === 'uploading' ? await stagedBytes(stagingDir, row.id) : undefined;
      return toUpload(row, offset);
    },

    /** Records a new upload before tus creates its staging file; the id is then the tus id. */
    async create(actor: Actor, input: { size: number; fileName: string; contentType: string; metadata: string }) {
      const id = randomUUID();
      return repo.insertUpload(db, {
        id,
        tusId: id,
        companyId: actor.companyId,
        createdBy: actor.userId,
        fileName: input.fileName,
        contentType: input.contentType,
        size: input.size,
        tusMetadata: input.metadata.slice(0, 2000),
      });
    },

    /**
     * The last byte arrived: checks that the file is a scan that can be processed (refused with the reason if
     * not: the AppError is thrown, nothing is stored), takes the sha256 computed while the bytes came in (or
     * reads the staging file once for it, after a resume from elsewhere), hands the file to storage (moved into
     * place on local disk, streamed to S3), records the result ('stored') and removes what tus kept of it. On
     * failure the upload is 'failed'. The size stored is the file's (its length is checked by storage).
     */
    async store(id: string, knownSha256: string | null = null): Promise<repo.UploadRow> {
      const row = await repo.findUpload(db, id);
      if (!row) throw new Error(`upload ${id} has no record`);
      if (row.status !== 'uploading') return row;
      await refuseUnreadable(row);
      const storageKey = storageKeyOf(row);
      try {
        const stagingFile = path.join(stagingDir, id);
        let sha256 = knownSha256;
        let size = row.size;
        if (!sha256) {
          const hash = createHash('sha256');
          size = 0;
          for await (const chunk of createReadStream(stagingFile, { highWaterMark: 1024 * 1024 })) {
            hash.update(chunk as Buffer);
            size += (chunk as Buffer).length;
          }
          sha256 = hash.digest('hex');
        }
        await storage.adoptFile(storageKey, stagingFile, {
          contentType: row.contentType,
          contentLength: row.size,
          etag: sha256,
        });
        const stored = await repo.markStored(db, id, { size, sha256, storageKey });
        await removeStaging(stagingDir, id);
        if (!stored) {
          // Cancelled while it was being stored: the object has no row any more.
          await storage.delete(storageKey);
          throw new Error(`upload ${id} was cancelled while it was stored`);
        }
        return stored;
      } catch (err) {
        logger.error({ err, uploadId: id }, 'storing a finished upload failed');
        await repo.setStatus(db, id, 'uploading', 'failed', 'The file could not be stored');
        await storage.delete(storageKey).catch(() => {});
        await removeStaging(stagingDir, id);
        throw err;
      }
    },

    /** The browser's sha256 against the server's: verified, or failed (object removed) with 422. */
    async complete(actor: Actor, id: string, sha256: string): Promise<Upload> {
      const row = authorize(actor, writePolicy, await repo.findUpload(db, id));
      switch (row.status) {
        case 'uploading':
          throw new AppError('UPLOAD_NOT_STORED');
        case 'consumed':
          throw new AppError('UPLOAD_CONSUMED');
        case 'failed':
          throw new AppError(row.sha256 ? 'UPLOAD_CHECKSUM_MISMATCH' : 'UPLOAD_STORE_FAILED');
        case 'refused':
          throw recordedRefusal(row);
        case 'verified':
          if (row.sha256 === sha256) return toUpload(row);
          throw new AppError('UPLOAD_CHECKSUM_MISMATCH');
      }
      if (row.sha256 === sha256) {
        const verified = await repo.setStatus(db, id, 'stored', 'verified');
        if (verified) return toUpload(verified);
        return this.complete(actor, id, sha256); // completed or cancelled at the same moment: answer as it is now
      }
      const failed = await repo.setStatus(
        db,
        id,
        'stored',
        'failed',
        `Checksum mismatch: the browser computed ${sha256}, the server ${row.sha256}`,
      );
      if (failed && row.storageKey) await storage.delete(row.storageKey);
      throw new AppError('UPLOAD_CHECKSUM_MISMATCH');
    },

    /** Cancels an upload that tus no longer holds (stored, verified, failed): object and row. */
    async discard(actor: Actor, id: string) {
      const row = authorize(actor, writePolicy, await repo.findUpload(db, id));
      if (row.status === 'consumed') throw new AppError('UPLOAD_CONSUMED');
      await repo.deleteUpload(db, row.id);
      if (row.storageKey) await storage.delete(row.storageKey);
      await removeStaging(stagingDir, row.id);
    },

    async forget(id: string) {
      await repo.deleteUpload(db, id);
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

/**
 * For the cases module: takes a verified upload of the company for a case, inside the caller's
 * transaction (the row stays locked until it ends, so two cases cannot take one upload).
 */
export async function consumeUpload(tx: DbOrTx, input: { uploadId: string; companyId: string }): Promise<StoredUpload> {
  const row = await repo.lockUpload(tx, input.uploadId);
  if (!row || row.companyId !== input.companyId) {
    throw new AppError('NOT_FOUND', { message: 'The scan upload was not found' });
  }
  if (row.status === 'consumed') throw new AppError('UPLOAD_CONSUMED');
  // A file that is no scan says why, before the case is priced or charged.
  if (row.status === 'refused') throw recordedRefusal(row);
  if (row.status !== 'verified' || !row.storageKey || !row.sha256) throw new AppError('UPLOAD_NOT_VERIFIED');
  await repo.setStatus(tx, row.id, 'verified', 'consumed');
  return {
    id: row.id,
    storageKey: row.storageKey,
    fileName: row.fileName,
    size: row.size,
    sha256: row.sha256,
    contentType: row.contentType,
  };
}

/** Removes a stored upload object (e.g. after a case copied it elsewhere, or its transaction rolled back). */
export async function discardUploadObject(deps: Pick<Deps, 'storage'>, storageKey: string): Promise<void> {
  await deps.storage.delete(storageKey);
}

/**
 * The clean-up (hourly job): unfinished uploads (uploading, stored, failed, refused) older than a day lose their
 * staging file, object and row; verified ones never consumed, a week after they were finished. Staging
 * files without an upload in progress (a crash between the two) go after a day too.
 */
export async function cleanUpUploads(
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'logger'>,
  now = new Date(),
): Promise<{ rows: number; stagingFiles: number }> {
  const { stagingDir } = deps.config.uploads;
  const day = 24 * 60 * 60 * 1000;
  const unfinishedBefore = new Date(now.getTime() - day);
  const unconsumedBefore = new Date(now.getTime() - 7 * day);
  let rows = 0;
  for (;;) {
    const stale = await repo.findStaleUploads(deps.db, { unfinishedBefore, unconsumedBefore });
    if (stale.length === 0) break;
    for (const row of stale) {
      await removeStaging(stagingDir, row.id);
      if (row.storageKey) await deps.storage.delete(row.storageKey);
      await repo.deleteUpload(deps.db, row.id);
      rows += 1;
    }
    if (stale.length < 500) break;
  }
  let stagingFiles = 0;
  const names = await readdir(stagingDir).catch(() => [] as string[]);
  const ids = [...new Set(names.map((name) => name.replace(/\.json$/, '')))];
  const wanted = await repo.uploadingIds(
    deps.db,
    ids.filter((id) => /^[0-9a-f-]{36}$/.test(id)),
  );
  for (const id of ids) {
    if (wanted.has(id)) continue;
    const file = await stat(path.join(stagingDir, id)).catch(() =>
      stat(path.join(stagingDir, `${id}.json`)).catch(() => null),
    );
    if (file && file.mtime < unfinishedBefore) {
      await removeStaging(stagingDir, id);
      stagingFiles += 1;
    }
  }
  if (rows || stagingFiles) deps.logger.info({ rows, stagingFiles }, 'removed stale scan uploads');
  return { rows, stagingFiles };
}
