import { describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import { authorize, permits } from '../../lib/authorize';
import { readEntryPolicy } from './audit-log.policy';

const actor = (isStaff: boolean) => testActor({ isStaff });

describe('reading an audit entry', () => {
  it("shows a company's entry to whoever the scope let see it", () => {
    expect(permits(actor(false), readEntryPolicy, { companyId: 'c1' })).toBe(true);
    expect(permits(actor(true), readEntryPolicy, { companyId: 'c1' })).toBe(true);
  });

  it("keeps entries of no company (portal settings) the back office's: anyone else finds none", () => {
    expect(permits(actor(true), readEntryPolicy, { companyId: null })).toBe(true);
    expect(() => authorize(actor(false), readEntryPolicy, { companyId: null })).toThrow('The record was not found');
    expect(() => authorize(actor(true), readEntryPolicy, undefined)).toThrow('The record was not found');
  });
});
