import { CASE_PERMISSIONS, CASE_STATUSES } from '@cuspid/contracts/cases';
import { defineMetric } from '../../lib/metrics';
import * as repo from './cases.repository';

/** The cases created in the period that the caller may see, per status they are in now (ADR 0136). */
export const casesPerStatus = defineMetric({
  id: 'cases.per-status',
  title: 'dashboard:metrics.casesPerStatus',
  kind: 'counts',
  permission: CASE_PERMISSIONS.read,
  async compute({ db, actor, period }) {
    const counted = new Map((await repo.countCasesPerStatus(db, actor, period)).map((row) => [row.status, row.count]));
    return CASE_STATUSES.map((status) => ({ key: status, count: counted.get(status) ?? 0 }));
  },
});
