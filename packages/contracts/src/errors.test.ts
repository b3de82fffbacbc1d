import { describe, expect, it } from 'vitest';
import { errorText, GENERAL_ERRORS } from './errors';
import { ROLE_ERRORS } from './identity';
import { notSelfService, SELF_SERVICE_PERMISSIONS } from './permissions';

describe('error codes', () => {
  it('give every general code an error status and a message', () => {
    for (const { status, message } of Object.values(GENERAL_ERRORS)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
      expect(message.trim()).not.toBe('');
    }
  });

  it("fill an area code's message from its params and leave an unknown one as written", () => {
    const { message } = ROLE_ERRORS.GRANT_NOT_HELD;
    expect(errorText(message, { permissions: 'list-users, update-role' })).toBe(
      'You cannot grant permissions you do not hold: list-users, update-role',
    );
    expect(errorText(message)).toBe('You cannot grant permissions you do not hold: {{permissions}}');
    expect(errorText(GENERAL_ERRORS.FORBIDDEN.message, { permissions: 'x' })).toBe(
      'You do not have permission to do this',
    );
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
