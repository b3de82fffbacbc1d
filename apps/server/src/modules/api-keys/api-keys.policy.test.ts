import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor';
import { authorize } from '../../lib/authorize';
import { apiKeyPolicy, assertMayManageApiKeys, mayManageApiKeys } from './api-keys.policy';

const base = { userId: 'u1', companyId: 'c1', roles: [], permissions: ['update-api-token'], isStaff: false };
const person: Actor = { ...base, kind: 'user', sessionId: 's', twoFactorSetupRequired: false };
const key: Actor = { ...base, kind: 'api-key', apiKeyId: 'k1' };

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as { code: string; message: string };
  }
  return undefined;
};

describe('managing API keys', () => {
  it('is for people signed in with a session', () => {
    expect(mayManageApiKeys(person)).toBe(true);
    expect(failure(() => assertMayManageApiKeys(person))).toBeUndefined();
    const row = { id: 'k2' };
    expect(authorize(person, apiKeyPolicy, row)).toBe(row);
  });

  it('is refused to a key, whatever its scopes (403 with the reason)', () => {
    expect(mayManageApiKeys(key)).toBe(false);
    expect(failure(() => assertMayManageApiKeys(key))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'API keys cannot manage API keys',
    });
    expect(failure(() => authorize(key, apiKeyPolicy, { id: 'k2' }))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers a key outside the scope (not found by the query) as 404', () => {
    expect(failure(() => authorize(person, apiKeyPolicy, undefined))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
