/** Why a file could not be read as a mesh. */
export type MeshErrorCode = 'EMPTY' | 'UNKNOWN_FORMAT' | 'TRUNCATED' | 'MALFORMED' | 'TOO_LARGE';

/** The only error the parsers throw: a stable `code` and a plain-English `message` fit to show a customer. */
export class MeshError extends Error {
  override readonly name = 'MeshError';
  readonly code: MeshErrorCode;

  constructor(code: MeshErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isMeshError(error: unknown): error is MeshError {
  return error instanceof MeshError;
}
