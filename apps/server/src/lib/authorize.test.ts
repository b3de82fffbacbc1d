import { describe, expect, it } from 'vitest';
import { testActor } from '../../test/fixtures';
import { authorize, type Policy, permits } from './authorize';
import { AppError } from './errors';

const actor = testActor;

type Row = { id: string; ownerId: string; locked: boolean };
const editOwn: Policy<Row> = {
  see: (a, row) => !row.locked || a.isStaff,
  allow: (a, row) => row.ownerId === a.userId,
  refuse: () => new AppError('ROLE_ADMIN_ONLY'),
};

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as AppError).code;
  }
  return 'passed';
};

describe('authorize', () => {
  it('answers NOT_FOUND for a missing row and for one the actor may not see', () => {
    expect(codeOf(() => authorize(actor(), editOwn, null))).toBe('NOT_FOUND');
    expect(codeOf(() => authorize(actor(), editOwn, undefined))).toBe('NOT_FOUND');
    expect(codeOf(() => authorize(actor(), editOwn, { id: 'r', ownerId: 'u1', locked: true }))).toBe('NOT_FOUND');
  });

  it("answers the policy's refusal for a row the actor sees but may not act on", () => {
    expect(codeOf(() => authorize(actor(), editOwn, { id: 'r', ownerId: 'u2', locked: false }))).toBe(
      'ROLE_ADMIN_ONLY',
    );
  });

  it('refuses with FORBIDDEN when the policy names no refusal of its own', () => {
    const nobody: Policy<Row> = { allow: () => false };
    expect(codeOf(() => authorize(actor(), nobody, { id: 'r', ownerId: 'u1', locked: false }))).toBe('FORBIDDEN');
  });

  it('returns the row when the action is allowed', () => {
    const row = { id: 'r', ownerId: 'u1', locked: false };
    expect(authorize(actor(), editOwn, row)).toBe(row);
  });

  it('permits says the same as a yes/no', () => {
    expect(permits(actor(), editOwn, { id: 'r', ownerId: 'u1', locked: false })).toBe(true);
    expect(permits(actor(), editOwn, { id: 'r', ownerId: 'u1', locked: true })).toBe(false);
    expect(permits(actor(), editOwn, { id: 'r', ownerId: 'u2', locked: false })).toBe(false);
  });
});
