import { describe, expect, it } from 'vitest';
import {
  backofficePermission,
  can,
  canOpenRoute,
  hasPermission,
  notSelfService,
  permissionTitlesFrom,
} from './permissions';

const user = (roles: string[], permissions: string[]) => ({ roles, permissions });

describe('notSelfService', () => {
  const catalogue = [
    backofficePermission('ticket', 'support', true),
    backofficePermission('credit', 'credits', true),
    backofficePermission('grant-credit', 'credits'),
  ];

  it('names what is not self-service by the catalogue, and what only looks like it', () => {
    expect(
      notSelfService(
        ['backoffice-ticket', 'backoffice-ticket-comment', 'backoffice-ticketing-admin', 'list-users'],
        catalogue,
      ),
    ).toEqual(['backoffice-ticketing-admin', 'list-users']);
    // A catalogued permission that is not self-service stays so, whatever its name starts with.
    expect(notSelfService(['backoffice-credit', 'backoffice-grant-credit'], catalogue)).toEqual([
      'backoffice-grant-credit',
    ]);
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
