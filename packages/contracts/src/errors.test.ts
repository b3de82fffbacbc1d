import { describe, expect, it } from 'vitest';
import { errorText, GENERAL_ERRORS } from './errors';
import { ROLE_ERRORS } from './identity';

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
