import { describe, expect, it } from 'vitest';
import { allMembersOfCompany, loopsBack, parentInCompany } from './units.policy';

describe('units', () => {
  it('sit below a unit of their own company only', () => {
    expect(parentInCompany('c1', { id: 'p', companyId: 'c1' })).toBe(true);
    expect(parentInCompany('c1', { id: 'p', companyId: 'c2' })).toBe(false);
    expect(parentInCompany('c1', undefined)).toBe(false);
  });

  it('never sit below themselves or a unit below them', () => {
    expect(loopsBack(['u', 'child', 'grandchild'], 'grandchild')).toBe(true);
    expect(loopsBack(['u', 'child'], 'u')).toBe(true);
    expect(loopsBack(['u', 'child'], 'sibling')).toBe(false);
  });

  it("take members of the unit's company only (repeats counted once)", () => {
    expect(allMembersOfCompany(['a', 'b', 'a'], ['a', 'b'])).toBe(true);
    expect(allMembersOfCompany(['a', 'stranger'], ['a'])).toBe(false);
  });
});
