import { describe, expect, it } from 'vitest';
import { can, canOpenRoute, hasPermission, PERMISSION_CATALOGUE, permissionTitlesFrom } from './permissions';

const user = (roles: string[], permissions: string[]) => ({ roles, permissions });

describe('the permission catalogue', () => {
  it('names every permission of the spec route table once, with its scope', () => {
    const titles = PERMISSION_CATALOGUE.map((p) => p.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of [
      'list-api-tokens',
      'create-api-token',
      'update-api-token',
      'backoffice-company',
      'backoffice-unit',
      'backoffice-global-configuration',
      'backoffice-invoice',
      'backoffice-coupon-code',
      'backoffice-package',
      'backoffice-invoice-reminder-level',
      'backoffice-news',
      'list-users',
      'create-user',
      'update-user',
      'list-permissions',
      'create-permission',
      'update-permission',
      'list-roles',
      'create-role',
      'update-role',
      'backoffice-document-assignment',
      'backoffice-mail-template-assignment',
      'backoffice-settings',
      'backoffice-case-instance',
      'backoffice-ticket',
      'backoffice-payment-history',
      'backoffice-referral',
      'backoffice-mail-template',
      'backoffice-document-template',
    ]) {
      expect(titles).toContain(title);
    }
    for (const p of PERMISSION_CATALOGUE) {
      expect(p.scope === 'backoffice' ? `backoffice-${p.value}` : p.value).toBe(p.title);
    }
  });
});

describe('permissionTitlesFrom', () => {
  it('turns per-scope values into titles by matching scope and value', () => {
    const list = [
      { title: 'backoffice-company', scope: 'backoffice', value: 'company' },
      { title: 'list-users', scope: 'auth', value: 'list-users' },
      { title: 'company-x', scope: 'other', value: 'company' },
    ];
    expect(permissionTitlesFrom({ backoffice: ['company'], auth: [] }, list)).toEqual(['backoffice-company']);
    expect(permissionTitlesFrom({}, list)).toEqual([]);
  });
});

describe('can and hasPermission', () => {
  it('can passes for the permission or the admin role', () => {
    expect(can(user([], ['list-users']), 'list-users')).toBe(true);
    expect(can(user(['admin'], []), 'list-users')).toBe(true);
    expect(can(user(['employee'], ['list-roles']), 'list-users')).toBe(false);
  });

  it('hasPermission looks at permissions only, even for an admin', () => {
    expect(hasPermission(user(['admin'], []), 'list-users')).toBe(false);
    expect(hasPermission(user([], ['list-users']), 'list-users')).toBe(true);
  });
});

describe('canOpenRoute', () => {
  it('lets admin open everything and anyone open a route without permission', () => {
    expect(canOpenRoute(user(['admin'], []), 'backoffice-invoice')).toBe(true);
    expect(canOpenRoute(user([], []), undefined)).toBe(true);
  });

  it('passes when the route permission is a prefix of a held title', () => {
    expect(canOpenRoute(user([], ['backoffice-invoice-edit']), 'backoffice-invoice')).toBe(true);
    expect(canOpenRoute(user([], ['backoffice-invoice']), 'backoffice-invoice')).toBe(true);
    expect(canOpenRoute(user([], ['backoffice-inv']), 'backoffice-invoice')).toBe(false);
    expect(canOpenRoute(user([], ['list-users']), 'backoffice-company')).toBe(false);
  });

  it('opens a route naming a list to the holder of any one of them (ADR 0118)', () => {
    const invoices = ['backoffice-invoice', 'backoffice-payment-history'] as const;
    expect(canOpenRoute(user([], ['backoffice-payment-history']), invoices)).toBe(true);
    expect(canOpenRoute(user([], ['backoffice-invoice-edit']), invoices)).toBe(true);
    expect(canOpenRoute(user([], ['backoffice-credit']), invoices)).toBe(false);
    expect(canOpenRoute(user(['admin'], []), invoices)).toBe(true);
  });
});
