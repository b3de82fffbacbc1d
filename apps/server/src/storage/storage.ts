import { createLocalStorage, type LocalStorageConfig } from './local-storage';
import { createS3Storage, type S3StorageConfig } from './s3-storage';
import type { Storage, StorageSigningOptions } from './storage-types';

export type { LocalSignedQuery, LocalStorageConfig } from './local-storage';
export { verifyLocalSignature } from './local-storage';
export type { S3StorageConfig } from './s3-storage';
export { StorageError, type StorageErrorCode, StorageNotFoundError } from './storage-errors';
export { assertValidKey, buildContentDisposition, MAX_KEY_BYTES, MAX_SIGNED_URL_SECONDS } from './storage-keys';
export type {
  ByteRange,
  SignedUrlOptions,
  Storage,
  StorageGetResult,
  StorageSigningOptions,
  StoredObject,
} from './storage-types';

export type StorageConfig = LocalStorageConfig | S3StorageConfig;

export function createStorage(config: StorageConfig, opts: StorageSigningOptions): Storage {
  switch (config.driver) {
    case 'local':
      return createLocalStorage(config, opts);
    case 's3':
      return createS3Storage(config);
  }
}
