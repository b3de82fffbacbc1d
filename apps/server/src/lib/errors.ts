import { ERROR_STATUS, type ErrorCode, type ErrorParams, errorText } from '@cuspid/contracts';

export type FieldErrors = Record<string, string[]>;

/** The one error the server throws on purpose. The status comes from the code. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;
  /** What the code's message names; answered beside it so that the web can translate the code. */
  readonly params: ErrorParams | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; errors?: FieldErrors; headers?: Record<string, string>; params?: ErrorParams } = {},
  ) {
    super(options.message ?? errorText(code, options.params));
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = options.errors;
    this.headers = options.headers;
    this.params = options.params;
  }
}

export const notFound = () => new AppError('NOT_FOUND');
