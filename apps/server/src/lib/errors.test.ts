import fs from 'node:fs';
import path from 'node:path';
import { defineErrors, GENERAL_ERRORS } from '@cuspid/contracts';
import { describe, expect, it } from 'vitest';
import { errorTable } from '../modules';
import { AppError, assembleErrorTable } from './errors';

// Every declaration the contracts export (`<AREA>_ERRORS = defineErrors(…)`), by its export name.
const contractsDir = path.resolve(import.meta.dirname, '../../../../packages/contracts/src');
const contracts: Record<string, unknown>[] = await Promise.all(
  fs
    .readdirSync(contractsDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => import(path.join(contractsDir, file))),
);
const declarations = contracts.flatMap((exports) =>
  Object.entries(exports).filter(([name]) => name.endsWith('_ERRORS') && name !== 'GENERAL_ERRORS'),
);

describe('the error table', () => {
  it('refuses a code two areas declare, naming both', () => {
    const closed = defineErrors({ TICKET_CLOSED: { status: 409, message: 'The ticket is closed' } });
    expect(() =>
      assembleErrorTable([
        { name: 'tickets', errors: closed },
        { name: 'news', errors: {} },
        { name: 'cases', errors: closed },
      ]),
    ).toThrow('The error code TICKET_CLOSED is declared twice: by tickets and by cases');
  });

  it('refuses an area declaring a general code again', () => {
    expect(() => assembleErrorTable([{ name: 'tickets', errors: { NOT_FOUND: GENERAL_ERRORS.NOT_FOUND } }])).toThrow(
      'The error code NOT_FOUND is declared twice: by the general codes and by tickets',
    );
  });

  it("holds every area's declaration of the contracts, each handed to exactly one module", () => {
    expect(declarations.length).toBeGreaterThan(10);
    for (const [name, declared] of declarations) {
      const areas = new Set(Object.keys(declared as object).map((code) => errorTable.get(code)?.area));
      expect(areas.size, `${name} belongs to one module`).toBe(1);
      expect(areas.has(undefined), `${name} is handed to a module (defineModule({ errors }))`).toBe(false);
    }
  });

  it("gives an area's error the status and message its area declares", () => {
    const error = new AppError('TICKET_STATUS_UNCHANGED', { params: { status: 'open' } });
    expect({ status: error.status, message: error.message }).toEqual({
      status: 409,
      message: 'The ticket is open already',
    });
    expect(errorTable.get('TICKET_STATUS_UNCHANGED')?.area).toBe('tickets');
  });
});
