import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from '@cuspid/contracts';

export type FieldErrors = Record<string, string[]>;

/** The one error the server throws on purpose. The status comes from the code. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; errors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(options.message ?? ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export const notFound = () => new AppError('NOT_FOUND');
