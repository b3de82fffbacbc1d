import { describe, expect, it } from 'vitest';
import { declaredPermissions, PERMISSION_CATALOGUE, SELF_SERVICE_TITLES } from './permission-catalogue';

describe('the permission catalogue of the role editor', () => {
  it("gathers the features' permissions, each declared by one feature", () => {
    const features = new Map<string, string[]>();
    for (const { feature, permission } of declaredPermissions) {
      features.set(permission.title, [...(features.get(permission.title) ?? []), feature]);
    }
    expect([...features].filter(([, declaring]) => declaring.length > 1)).toEqual([]);
    expect(PERMISSION_CATALOGUE.map((p) => p.title)).toEqual(
      expect.arrayContaining(['list-users', 'backoffice-ticket']),
    );
  });

  it('names the self-service permissions a role given on registration may carry, from the catalogue', () => {
    expect(SELF_SERVICE_TITLES).toEqual(
      expect.arrayContaining(['backoffice-case-instance', 'backoffice-payment-history', 'backoffice-referral']),
    );
    expect(SELF_SERVICE_TITLES).not.toContain('list-users');
  });
});
