import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor';
import { hasSession } from './sessions.policy';

const base = { userId: 'u1', companyId: 'c1', roles: [], permissions: [], isStaff: false };

describe('holding a session', () => {
  it('is what a person signed in with mail and password does', () => {
    expect(hasSession({ ...base, kind: 'user', sessionId: 's', twoFactorSetupRequired: false })).toBe(true);
  });

  it('is never what an API key does', () => {
    const key: Actor = { ...base, kind: 'api-key', apiKeyId: 'k1' };
    expect(hasSession(key)).toBe(false);
  });
});
