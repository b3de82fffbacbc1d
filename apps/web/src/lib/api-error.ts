import type { ErrorResponse } from '@cuspid/contracts';

/** The one error type every failed call becomes (spec section 8 wire shape plus the HTTP status). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly errors: Record<string, string[]> | undefined;
  readonly requestId: string | undefined;
  /** What an area code's message names (e.g. `{ permissions: 'list-users' }`), for its translation. */
  readonly params: Record<string, string | number> | undefined;
  /** The whole answer, for the few errors that carry more than the standard shape (e.g. an import's `lines`). */
  readonly body: Record<string, unknown>;

  constructor(status: number, body: Partial<ErrorResponse> & { msg?: string }) {
    super(body.message ?? body.msg ?? '');
    this.status = status;
    this.code = body.code ?? codeForStatus(status);
    this.errors = body.errors;
    this.requestId = body.requestId;
    this.params = body.params;
    this.body = body;
  }
}

function codeForStatus(status: number): string {
  if (status === 0) return 'NETWORK_ERROR';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 419) return 'SESSION_EXPIRED';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status >= 500) return 'INTERNAL';
  return 'BAD_REQUEST';
}
