import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from '../storage/storage';
import { AppError } from './errors';
import { fileRequiredError, invalidForm } from './multipart-form';

/**
 * Multipart bodies too large to hold (an engine's result files): the text fields first, then each file part
 * streamed into storage. Small forms read whole instead (multipart-form.ts, whose field parsing this shares).
 */

const KNOWN_TYPES: Record<string, string> = {
  stl: 'model/stl',
  ply: 'application/ply',
  obj: 'model/obj',
  json: 'application/json',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  txt: 'text/plain',
};

/** The content type to store: the part's if it is a plain `type/subtype`, else by the file name's extension. */
function contentTypeOf(part: MultipartFile): string {
  const given = part.mimetype?.toLowerCase();
  if (given && given !== 'application/octet-stream' && /^[a-z0-9.+-]{1,60}\/[a-z0-9.+-]{1,100}$/.test(given))
    return given;
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(part.filename ?? '')?.[1]?.toLowerCase() ?? '';
  return KNOWN_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Streams one file part into storage at `key`, measuring its size and SHA-256 on the way: no more than a
 * chunk is held in memory. Past the size limit the part fails with 413 and nothing stays stored.
 */
async function storePart(storage: Storage, part: MultipartFile, key: string) {
  const hash = createHash('sha256');
  let size = 0;
  let tooLarge = false;
  part.file.once('limit', () => {
    tooLarge = true;
    part.file.destroy(new AppError('PAYLOAD_TOO_LARGE'));
  });
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const contentType = contentTypeOf(part);
  try {
    await Promise.all([pipeline(part.file, meter), storage.put(key, meter, { contentType })]);
  } catch (err) {
    meter.destroy();
    part.file.resume();
    await storage.delete(key).catch(() => undefined);
    if (tooLarge) throw new AppError('PAYLOAD_TOO_LARGE');
    throw err;
  }
  if (tooLarge || part.file.truncated) {
    await storage.delete(key);
    throw new AppError('PAYLOAD_TOO_LARGE');
  }
  if (size === 0) {
    await storage.delete(key);
    throw invalidForm({ file: [`The file ${part.filename} is empty`] });
  }
  return { contentType, size, sha256: hash.digest('hex') };
}

/** A file part as it was stored. */
export type StreamedFile<E> = E & { key: string; fileName: string; contentType: string; size: number; sha256: string };

export type StreamedFormOptions<C, E, R> = {
  storage: Storage;
  limits: { maxFileBytes: number; maxFiles: number };
  /** Checks the text fields (all sent before the first file) and what they name, before any file is stored. */
  begin(raw: Record<string, string>): Promise<C>;
  /** Where the file part `fileName` (the `index`th, from 0) is stored, and what the caller keeps of it. */
  place(context: C, fileName: string, index: number): { key: string; entry: E };
  finish(context: C, files: StreamedFile<E>[]): Promise<R>;
};

/**
 * Reads a multipart body of text fields, then parts named `file` streamed into storage (each file name once). What
 * was stored is deleted if anything fails, here or in `finish`. Past a limit the answer is 413 or 400, and the
 * connection closes with it rather than read the rest of a large file.
 */
export async function readStreamedForm<C, E, R>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: StreamedFormOptions<C, E, R>,
): Promise<R> {
  if (!request.isMultipart()) throw fileRequiredError();
  const { storage, limits } = options;
  const raw: Record<string, string> = {};
  let started: { context: C } | undefined;
  const files: StreamedFile<E>[] = [];
  const names = new Set<string>();
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fields: 10,
        fieldSize: 1_000_000,
        parts: limits.maxFiles + 10,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (started) throw invalidForm({ [part.fieldname]: ['Send every text field before the files'] });
        raw[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') throw invalidForm({ [part.fieldname]: ['Send each file in a part named file'] });
      started ??= { context: await options.begin(raw) };
      const fileName = (part.filename ?? '').trim();
      if (!fileName) throw invalidForm({ file: ['Each file needs a file name'] });
      if (names.has(fileName)) throw invalidForm({ file: [`The file name ${fileName} occurs twice`] });
      names.add(fileName);
      const { key, entry } = options.place(started.context, fileName, files.length);
      const stored = await storePart(storage, part, key);
      files.push({ ...entry, key, fileName, ...stored });
    }
    if (!started) {
      await options.begin(raw);
      throw fileRequiredError();
    }
    return await options.finish(started.context, files);
  } catch (err) {
    for (const file of files) await storage.delete(file.key).catch(() => undefined);
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_FILES_LIMIT') throw invalidForm({ file: [`Send at most ${limits.maxFiles} files in one call`] });
    // The client may still be sending (up to the rest of a large file): end the connection with the answer
    // rather than read and throw away what follows.
    if (['FST_REQ_FILE_TOO_LARGE', 'PAYLOAD_TOO_LARGE'].includes(code)) reply.header('connection', 'close');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE');
    throw err;
  }
}
