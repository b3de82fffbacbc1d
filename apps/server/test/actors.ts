import type { Actor } from '../src/lib/actor';

/** A signed-in user as the policies see it, for unit tests of policy predicates: no roles, no staff. */
export const testActor = (over: Partial<Actor> = {}): Actor =>
  ({
    kind: 'user',
    sessionId: 's',
    twoFactorSetupRequired: false,
    userId: 'u1',
    companyId: 'c1',
    roles: [],
    permissions: [],
    isStaff: false,
    ...over,
  }) as Actor;
