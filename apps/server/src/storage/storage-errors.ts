export type StorageErrorCode =
  | 'NOT_FOUND'
  | 'INVALID_KEY'
  | 'INVALID_RANGE'
  | 'INVALID_ARGUMENT'
  | 'LENGTH_MISMATCH'
  | 'CONFLICT'
  | 'BACKEND';

/** Every error thrown on purpose by a storage driver. `code` is stable; `message` is for humans/logs. */
export class StorageError extends Error {
  readonly code: StorageErrorCode;
  readonly key: string | undefined;

  constructor(code: StorageErrorCode, message: string, opts: { key?: string; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'StorageError';
    this.code = code;
    this.key = opts.key;
  }
}

/** Thrown by `get` when the object does not exist. */
export class StorageNotFoundError extends StorageError {
  constructor(key: string, opts: { cause?: unknown } = {}) {
    super('NOT_FOUND', `Storage object not found: ${JSON.stringify(key)}`, { key, ...opts });
    this.name = 'StorageNotFoundError';
  }
}
