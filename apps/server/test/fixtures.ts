import { randomInt, randomUUID } from 'node:crypto';
import type { DbOrTx } from '../src/db/client';
import type { Actor } from '../src/lib/actor';
import type { MetricPeriod } from '../src/lib/metrics';
import { insertCompany } from '../src/modules/companies';

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

export type TestCompanyValues = Partial<Parameters<typeof insertCompany>[1]> & {
  /** The name's first word; a random suffix keeps names apart (`companyName` replaces the whole name). */
  name?: string;
};

/**
 * Writes companies straight to the database (no route, no audit entry), in Germany and named
 * `Practice <random>` unless the values say otherwise. Takes a getter for a database opened in `beforeAll`.
 */
export const testCompanies =
  (db: () => DbOrTx) =>
  ({ name = 'Practice', ...values }: TestCompanyValues = {}) =>
    insertCompany(db(), { companyName: `${name} ${randomUUID().slice(0, 6)}`, country: 'DE', ...values });

/**
 * An hour of the last century of its own, for a metric's period: other tests' records on the same database (all
 * created now) fall outside it.
 */
export function isolatedMetricPeriod(): MetricPeriod {
  const from = new Date(Date.UTC(1900 + randomInt(100), randomInt(12), 1 + randomInt(28), randomInt(24)));
  return { from, to: new Date(from.getTime() + 3_600_000) };
}
