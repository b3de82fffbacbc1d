import { describe, expect, it } from 'vitest';
import { ROUTES } from '../app/route-table';
import { declaredKeys } from './declared-labels';
import { claimedKinds, recordPath } from './record-paths';

const ID = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';

describe('recordPath', () => {
  it("opens each record on its feature's page", () => {
    expect(recordPath('case', ID)).toBe(`/my-cases/${ID}/show`);
    expect(recordPath('invoice', ID)).toBe(`/invoices/${ID}/show`);
    expect(recordPath('company', ID)).toBe(`/customers/${ID}/show`);
    expect(recordPath('user', ID)).toBe(`/users/${ID}/show`);
    expect(recordPath('ticket', ID)).toBe(`/tickets/${ID}/edit`);
    expect(recordPath('news', ID)).toBe(`/news/${ID}/show`);
    expect(recordPath('coupon-code', ID)).toBe(`/coupon-codes/${ID}/show`);
    expect(recordPath('package', ID)).toBe(`/packages/${ID}/show`);
    expect(recordPath('role', ID)).toBe(`/roles/${ID}/edit`);
    expect(recordPath('credit-settings', ID)).toBe('/credit-settings');
  });

  it('gives no link for a kind without a page of its own, an unknown kind or an id unfit for a path', () => {
    expect(recordPath('session', ID)).toBeUndefined();
    expect(recordPath('credit-booking', ID)).toBeUndefined();
    expect(recordPath('toString', ID)).toBeUndefined();
    expect(recordPath('case', '')).toBeUndefined();
    expect(recordPath('case', '../admin')).toBeUndefined();
  });

  it('links every kind of the audit trail that has a page to a route of the app', () => {
    const patterns = ROUTES.map((route) => new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`));
    for (const entity of declaredKeys('auditKinds')) {
      const path = recordPath(entity, ID);
      if (path)
        expect(
          patterns.some((pattern) => pattern.test(path)),
          `${entity} → ${path}`,
        ).toBe(true);
    }
  });

  it('lets no two features claim the same kind of record', () => {
    const kinds = claimedKinds();
    expect(kinds.filter((kind, index) => kinds.indexOf(kind) !== index)).toEqual([]);
    expect(kinds.length).toBeGreaterThan(15);
  });
});
