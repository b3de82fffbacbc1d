import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ERROR_STATUS, errorText } from './errors';

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
