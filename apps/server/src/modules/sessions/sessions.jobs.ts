import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { purgeSessions, recordLastLogin } from './sessions.repository';

/** Records a sign-in on the user; enqueued in the sign-in transaction, so it runs only for real sign-ins. */
export const recordLoginJob = defineJob({
  name: 'auth.record-login',
  payload: z.object({ userId: z.uuid(), at: z.iso.datetime() }),
  handler: async ({ userId, at }, { db }) => {
    await recordLastLogin(db, userId, new Date(at));
  },
});

/**
 * Hourly: deletes sessions (and their refresh tokens) a week after they expired or were revoked.
 * (Mailed account links are purged by their own job, `auth.purge-account-links`.)
 */
export const purgeSessionsJob = defineJob({
  name: 'auth.purge-sessions',
  payload: z.object({}),
  schedule: { cron: '17 * * * *' },
  handler: async (_payload, { db, logger }) => {
    const purged = await purgeSessions(db, 7);
    if (purged) logger.info({ purged }, 'purged expired sessions');
  },
});

export const sessionsJobs = [recordLoginJob, purgeSessionsJob];
