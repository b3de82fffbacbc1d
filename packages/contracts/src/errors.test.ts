import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ERROR_STATUS, errorText } from './errors';
import { notSelfService, SELF_SERVICE_PERMISSIONS } from './permissions';

describe('error codes', () => {
  it('give every code one status and one message', () => {
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual(Object.keys(ERROR_STATUS).sort());
  });

  it("fill an area code's message from its params and leave an unknown one as written", () => {
    expect(errorText('GRANT_NOT_HELD', { permissions: 'list-users, update-role' })).toBe(
      'You cannot grant permissions you do not hold: list-users, update-role',
    );
    expect(errorText('GRANT_NOT_HELD')).toBe('You cannot grant permissions you do not hold: {{permissions}}');
    expect(errorText('FORBIDDEN', { permissions: 'x' })).toBe('You do not have permission to do this');
  });
});

describe('self-service permissions', () => {
  it("are a customer's own work; everything else (and anything that only looks like it) is not", () => {
    expect([...SELF_SERVICE_PERMISSIONS].sort()).toEqual([
      'backoffice-case-instance',
      'backoffice-case-instance-approve',
      'backoffice-case-instance-delete',
      'backoffice-case-instance-lock',
      'backoffice-case-instance-recalculate',
      'backoffice-credit',
      'backoffice-payment-history',
      'backoffice-referral',
      'backoffice-ticket',
    ]);
    expect(
      notSelfService([
        'backoffice-ticket',
        'backoffice-ticket-comment',
        'backoffice-ticketing-admin',
        'backoffice-company',
        'list-users',
        'create-api-token',
      ]),
    ).toEqual(['backoffice-ticketing-admin', 'backoffice-company', 'list-users', 'create-api-token']);
    // A catalogued permission that is not self-service stays so, whatever its name starts with.
    expect(notSelfService(['backoffice-credit', 'backoffice-grant-credit'])).toEqual(['backoffice-grant-credit']);
    // Setting any case status and the engine's scope are back-office permissions under the case permission's name.
    expect(
      notSelfService(['backoffice-case-instance-approve', 'backoffice-case-instance-status', 'backoffice-case-engine']),
    ).toEqual(['backoffice-case-instance-status', 'backoffice-case-engine']);
  });
});
