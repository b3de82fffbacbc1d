import type { Readable } from 'node:stream';
import { createLocalStorage, type LocalStorageConfig } from './local-storage';
import { createS3Storage, type S3StorageConfig } from './s3-storage';

export type { LocalSignedQuery, LocalStorageConfig } from './local-storage';
export { verifyLocalSignature } from './local-storage';
export type { S3StorageConfig } from './s3-storage';
export { StorageError, type StorageErrorCode, StorageNotFoundError } from './storage-errors';
export { assertValidKey, buildContentDisposition, MAX_KEY_BYTES, MAX_SIGNED_URL_SECONDS } from './storage-keys';

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
  /** Resolves if the backend is reachable and writable (local) / the bucket is reachable (s3); throws otherwise. */
  ready(): Promise<void>;
};

export type StorageConfig = LocalStorageConfig | S3StorageConfig;

export type StorageSigningOptions = {
  /** Public origin of the API, e.g. https://cuspid.example.com (local signed URLs point to `${publicBaseUrl}/files/…`). */
  publicBaseUrl: string;
  /** HMAC secret for local signed URLs (at least 16 characters). Unused by s3, which signs with its credentials. */
  signingSecret: string;
};

export function createStorage(config: StorageConfig, opts: StorageSigningOptions): Storage {
  switch (config.driver) {
    case 'local':
      return createLocalStorage(config, opts);
    case 's3':
      return createS3Storage(config);
  }
}
