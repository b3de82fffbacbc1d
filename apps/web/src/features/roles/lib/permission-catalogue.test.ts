import { describe, expect, it } from 'vitest';
import { declaredPermissions, PERMISSION_CATALOGUE } from './permission-catalogue';

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
});
