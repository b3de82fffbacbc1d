import { PassThrough } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { type Download, openStored } from '../cases';
import * as repo from './case-results.repository';

/** One file of a result version, as the engine saved it. */
export async function resultFileDownload(deps: Deps, actor: Actor, fileId: string): Promise<Download> {
  const found = await repo.findVisibleResultFile(deps.db, actor, fileId);
  if (!found) throw new AppError('NOT_FOUND');
  const object = await openStored(deps, found.file.storageKey);
  return { fileName: found.file.fileName, contentType: found.file.contentType, size: object.size, body: object.body };
}

/**
 * A result version's files as one ZIP, streamed: each file is read from storage and deflated (level 1: mesh
 * files shrink by about half at a fraction of the time of higher levels) while the archive goes out, so the
 * server holds a chunk at a time whatever the size. A name that occurs twice gets a number.
 */
export async function resultZipDownload(deps: Deps, actor: Actor, resultId: string): Promise<Download> {
  const found = await repo.findVisibleResult(deps.db, actor, resultId);
  if (!found) throw new AppError('CASE_RESULT_NOT_FOUND');
  const files = await repo.listResultFiles(deps.db, [resultId]);
  if (!files.length) throw new AppError('NOT_FOUND');
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if (final) out.end();
  });
  const names = new Set<string>();
  const unique = (name: string) => {
    let candidate = name;
    for (let n = 2; names.has(candidate); n++) candidate = name.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
    names.add(candidate);
    return candidate;
  };
  void (async () => {
    try {
      for (const file of files) {
        const entry = new ZipDeflate(unique(file.fileName), { level: 1 });
        zip.add(entry);
        const object = await openStored(deps, file.storageKey);
        for await (const chunk of object.body) {
          entry.push(chunk as Uint8Array);
          // Let the client take what is written before reading more (bounded memory).
          if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
        }
        entry.push(new Uint8Array(0), true);
      }
      zip.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  const caseName = found.case.name.replace(/[^\w .-]+/g, '_').trim() || 'case';
  return { fileName: `${caseName} - result ${found.result.version}.zip`, contentType: 'application/zip', body: out };
}
