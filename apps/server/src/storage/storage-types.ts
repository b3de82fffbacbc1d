import type { Readable } from 'node:stream';

// What a storage backend is, apart from storage.ts: the backends implement it and storage.ts picks one,
// so neither imports the other's file both ways (ADR 0037: no import cycles).

export type StoredObject = { key: string; size: number; contentType: string; etag?: string };

/** A byte range, both ends inclusive (like HTTP `Range: bytes=start-end`); `end` is clamped to the last byte. */
export type ByteRange = { start: number; end?: number };

export type StorageGetResult = {
  body: Readable;
  /** Bytes in `body` (the Content-Length to send). */
  size: number;
  /** Size of the whole object (for Content-Range). */
  totalSize: number;
  contentType: string;
  etag?: string;
};

export type SignedUrlOptions = {
  expiresInSeconds: number;
  fileName?: string;
  disposition?: 'inline' | 'attachment';
};

export type Storage = {
  kind: 'local' | 's3';
  /** Stores (or replaces) an object. Throws StorageError('LENGTH_MISMATCH') if contentLength is given and wrong. */
  put(
    key: string,
    body: Readable | Buffer,
    opts: { contentType: string; contentLength?: number },
  ): Promise<StoredObject>;
  /** Throws StorageNotFoundError if missing, StorageError('INVALID_RANGE') if range.start is past the end. */
  get(key: string, range?: ByteRange): Promise<StorageGetResult>;
  head(key: string): Promise<StoredObject | null>;
  /** Idempotent: deleting a missing key resolves. */
  delete(key: string): Promise<void>;
  signedUrl(key: string, opts: SignedUrlOptions): Promise<string>;
  /**
   * Takes over a finished file of the local disk as the object `key`; the file is gone afterwards (moved or
   * removed). Local storage renames it into place when both lie on one file system, so a large upload is not
   * written twice; otherwise (and on S3) it is streamed like `put`. `etag`, when the caller hashed the file
   * already (its sha256, say), saves local storage a second read for the object's etag (otherwise its md5).
   */
  adoptFile(
    key: string,
    filePath: string,
    opts: { contentType: string; contentLength: number; etag?: string },
  ): Promise<StoredObject>;
  /** Resolves if the backend is reachable and writable (local) / the bucket is reachable (s3); throws otherwise. */
  ready(): Promise<void>;
};

export type StorageSigningOptions = {
  /** Public origin of the API, e.g. https://cuspid.example.com (local signed URLs point to `${publicBaseUrl}/files/…`). */
  publicBaseUrl: string;
  /** HMAC secret for local signed URLs (at least 16 characters). Unused by s3, which signs with its credentials. */
  signingSecret: string;
};
