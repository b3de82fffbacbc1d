import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { StorageError, StorageNotFoundError } from './storage-errors';
import {
  assertValidContentType,
  assertValidExpiry,
  assertValidKey,
  assertValidRange,
  buildContentDisposition,
} from './storage-keys';
import type { Storage } from './storage-types';

export type S3StorageConfig = {
  driver: 's3';
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, s3rver...); omit for AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
};

const PART_SIZE = 8 * 1024 * 1024;

export function createS3Storage(config: S3StorageConfig): Storage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Required for S3-compatible servers: otherwise stream uploads are sent aws-chunked with trailing checksums,
    // which some servers store verbatim inside the object (silent corruption).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  const put: Storage['put'] = async (key, body, opts) => {
    assertValidKey(key);
    assertValidContentType(opts.contentType, key);
    const { contentType, contentLength } = opts;
    if (contentLength !== undefined && (!Number.isSafeInteger(contentLength) || contentLength < 0)) {
      throw new StorageError('INVALID_ARGUMENT', `Invalid contentLength ${contentLength}`, { key });
    }
    let size = 0;
    let uploadBody: Buffer | Readable;
    if (Buffer.isBuffer(body)) {
      size = body.length;
      if (contentLength !== undefined && size !== contentLength) throw lengthMismatch(key, contentLength, size);
      uploadBody = body;
    } else {
      // Count bytes on the way (unknown-length streams) and fail the upload before completion on a length mismatch.
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (contentLength !== undefined && size > contentLength) {
            callback(lengthMismatch(key, contentLength, size));
            return;
          }
          callback(null, chunk);
        },
        flush(callback) {
          callback(
            contentLength !== undefined && size !== contentLength ? lengthMismatch(key, contentLength, size) : null,
          );
        },
      });
      body.on('error', (err) => meter.destroy(err));
      uploadBody = body.pipe(meter);
    }
    const upload = new Upload({
      client,
      params: { Bucket, Key: key, Body: uploadBody, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: 4,
      // We abort ourselves: lib-storage would replace the original error by the abort's if the abort fails.
      leavePartsOnError: true,
    });
    try {
      const result = await upload.done();
      const etag = unquote(result.ETag);
      return { key, size, contentType, ...(etag ? { etag } : {}) };
    } catch (err) {
      if (!Buffer.isBuffer(body) && !body.destroyed) body.destroy();
      if (upload.uploadId) {
        // Best effort; parts left behind by a failed abort are what a bucket lifecycle rule
        // (AbortIncompleteMultipartUpload) is for.
        await client
          .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: upload.uploadId }))
          .catch(() => {});
      }
      throw toStorageError(err, key, 'put');
    }
  };

  const get: Storage['get'] = async (key, range) => {
    assertValidKey(key);
    assertValidRange(range, key);
    try {
      const res = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
      if (!(res.Body instanceof Readable)) {
        throw new StorageError('BACKEND', `S3 returned no readable body for ${JSON.stringify(key)}`, { key });
      }
      const length = res.ContentLength ?? 0;
      const served = parseContentRange(res.ContentRange) ?? { start: 0, end: length - 1, total: length };
      const etag = unquote(res.ETag);
      const result = {
        body: res.Body,
        size: length,
        totalSize: served.total,
        contentType: res.ContentType || 'application/octet-stream',
        ...(etag ? { etag } : {}),
      };
      if (!range) return result;
      // Servers may ignore a Range (HTTP allows a 200 with the whole body) or serve more than asked
      // (s3rver answers `bytes=0-0` with the whole object): trim to what was requested.
      if (range.start >= served.total) {
        res.Body.destroy();
        throw new StorageError('INVALID_RANGE', `Requested range is not satisfiable for ${JSON.stringify(key)}`, {
          key,
        });
      }
      const end = Math.min(range.end ?? served.total - 1, served.total - 1);
      if (served.start === range.start && served.end === end) return result;
      if (served.start > range.start || served.end < end) {
        res.Body.destroy();
        throw new StorageError('BACKEND', `S3 served an unexpected range for ${JSON.stringify(key)}`, { key });
      }
      const size = end - range.start + 1;
      return { ...result, body: sliceStream(res.Body, range.start - served.start, size), size };
    } catch (err) {
      throw toStorageError(err, key, 'get');
    }
  };

  const head: Storage['head'] = async (key) => {
    assertValidKey(key);
    try {
      const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      const etag = unquote(res.ETag);
      return {
        key,
        size: res.ContentLength ?? 0,
        contentType: res.ContentType || 'application/octet-stream',
        ...(etag ? { etag } : {}),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw toStorageError(err, key, 'head');
    }
  };

  const remove: Storage['delete'] = async (key) => {
    assertValidKey(key);
    try {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    } catch (err) {
      if (isNotFound(err)) return;
      throw toStorageError(err, key, 'delete');
    }
  };

  const signedUrl: Storage['signedUrl'] = async (key, opts) => {
    assertValidKey(key);
    assertValidExpiry(opts.expiresInSeconds, key);
    const command = new GetObjectCommand({
      Bucket,
      Key: key,
      ...(opts.fileName || opts.disposition
        ? { ResponseContentDisposition: buildContentDisposition(opts.disposition, opts.fileName) }
        : {}),
    });
    return getSignedUrl(client, command, { expiresIn: opts.expiresInSeconds });
  };

  const ready: Storage['ready'] = async () => {
    try {
      await client.send(new HeadBucketCommand({ Bucket }));
    } catch (err) {
      throw new StorageError('BACKEND', `S3 bucket ${JSON.stringify(Bucket)} is not reachable: ${describe(err)}`, {
        cause: err,
      });
    }
  };

  const adoptFile: Storage['adoptFile'] = async (key, filePath, adoptOpts) => {
    const stored = await put(key, createReadStream(filePath), {
      contentType: adoptOpts.contentType,
      contentLength: adoptOpts.contentLength,
    });
    await rm(filePath, { force: true });
    return stored;
  };

  return { kind: 's3', put, adoptFile, get, head, delete: remove, signedUrl, ready };
}

function unquote(etag: string | undefined) {
  return etag?.replace(/^(W\/)?"|"$/g, '') || undefined;
}

function parseContentRange(header: string | undefined) {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header.trim()) : null;
  return match ? { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) } : null;
}

/** The `length` bytes of `source` after the first `skip` ones; the source is destroyed once they are read. */
function sliceStream(source: Readable, skip: number, length: number): Readable {
  return Readable.from(
    (async function* () {
      let toSkip = skip;
      let remaining = length;
      try {
        for await (const chunk of source) {
          let buf: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
          if (toSkip > 0) {
            if (buf.length <= toSkip) {
              toSkip -= buf.length;
              continue;
            }
            buf = buf.subarray(toSkip);
            toSkip = 0;
          }
          if (buf.length >= remaining) {
            yield buf.subarray(0, remaining);
            return;
          }
          remaining -= buf.length;
          yield buf;
        }
      } finally {
        source.destroy();
      }
    })(),
    { objectMode: false },
  );
}

function lengthMismatch(key: string, expected: number, actual: number) {
  return new StorageError(
    'LENGTH_MISMATCH',
    `Body of ${JSON.stringify(key)} is ${actual > expected ? 'longer' : 'shorter'} than contentLength ${expected}`,
    { key },
  );
}

function isNotFound(err: unknown) {
  if (err instanceof S3ServiceException) {
    return err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404;
  }
  return false;
}

function describe(err: unknown) {
  if (err instanceof S3ServiceException) return `${err.name} (HTTP ${err.$metadata.httpStatusCode ?? '?'})`;
  return err instanceof Error ? err.message : String(err);
}

function toStorageError(err: unknown, key: string, op: string): unknown {
  if (err instanceof StorageError) return err;
  if (err instanceof S3ServiceException) {
    if (op === 'get' && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) {
      return new StorageNotFoundError(key, { cause: err });
    }
    if (err.name === 'InvalidRange' || err.$metadata.httpStatusCode === 416) {
      return new StorageError('INVALID_RANGE', `Requested range is not satisfiable for ${JSON.stringify(key)}`, {
        key,
        cause: err,
      });
    }
    return new StorageError('BACKEND', `S3 ${op} failed for ${JSON.stringify(key)}: ${describe(err)}`, {
      key,
      cause: err,
    });
  }
  return err; // network failure or the caller's stream failed: rethrow as is
}
