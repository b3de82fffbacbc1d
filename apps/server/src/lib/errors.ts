import {
  type ErrorCode,
  type ErrorDeclaration,
  type ErrorDeclarations,
  type ErrorParams,
  errorText,
  GENERAL_ERRORS,
} from '@cuspid/contracts';

export type FieldErrors = Record<string, string[]>;

/** Every code the server answers with, by code: its status, English message and the area that declares it. */
export type ErrorTable = ReadonlyMap<string, ErrorDeclaration & { area: string }>;

/** Who declares the general codes, in the duplicate check's words. */
const GENERAL = 'the general codes';

/**
 * The table of error codes: the general ones and each module's `errors` (the module list assembles it). A code
 * two areas declare, or an area declares again a general code, is refused with both their names.
 */
export function assembleErrorTable(modules: readonly { name: string; errors?: ErrorDeclarations }[]): ErrorTable {
  const table = new Map<string, ErrorDeclaration & { area: string }>(
    Object.entries(GENERAL_ERRORS).map(([code, declared]) => [code, { ...declared, area: GENERAL }]),
  );
  for (const module of modules) {
    for (const [code, declared] of Object.entries(module.errors ?? {})) {
      const taken = table.get(code);
      if (taken) throw new Error(`The error code ${code} is declared twice: by ${taken.area} and by ${module.name}`);
      table.set(code, { ...declared, area: module.name });
    }
  }
  return table;
}

let errorTable: ErrorTable = assembleErrorTable([]);

/** Makes `table` the one AppError reads its codes' statuses and messages from (the module list's, at start). */
export function installErrorTable(table: ErrorTable): ErrorTable {
  errorTable = table;
  return table;
}

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
    const declared = errorTable.get(code);
    if (!declared) throw new Error(`The error code ${code} is not declared by any module in the module list`);
    super(options.message ?? errorText(declared.message, options.params));
    this.name = 'AppError';
    this.code = code;
    this.status = declared.status;
    this.errors = options.errors;
    this.headers = options.headers;
    this.params = options.params;
  }
}

export const notFound = () => new AppError('NOT_FOUND');
