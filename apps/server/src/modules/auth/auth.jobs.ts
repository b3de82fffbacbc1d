import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { sendPasswordResetMail } from './account-links';
import { findLiveUserByMail, purgeAccountTokens, purgeSessions, updateUser } from './auth.repository';

/** Records a sign-in on the user; enqueued in the sign-in transaction, so it runs only for real sign-ins. */
export const recordLoginJob = defineJob({
  name: 'auth.record-login',
  payload: z.object({ userId: z.uuid(), at: z.iso.datetime() }),
  handler: async ({ userId, at }, { db }) => {
    await updateUser(db, userId, { lastLogin: new Date(at) });
  },
});

/**
 * Hourly: deletes sessions (and their refresh tokens) a week after they expired or were revoked, and
 * invitation and password-reset tokens a week after they expired.
 */
export const purgeSessionsJob = defineJob({
  name: 'auth.purge-sessions',
  payload: z.object({}),
  schedule: { cron: '17 * * * *' },
  handler: async (_payload, { db, logger }) => {
    const purged = await purgeSessions(db, 7);
    if (purged) logger.info({ purged }, 'purged expired sessions');
    const purgedLinks = await purgeAccountTokens(db, 7);
    if (purgedLinks) logger.info({ purged: purgedLinks }, 'purged expired account links');
  },
});

/**
 * A password-reset request (POST /forgot-password) is answered before anyone looks the mail up, so the
 * answer and its timing are the same for every mail address (ADR 0034). This job does the looking up:
 * a live, active account gets a new reset link by mail; any other address gets nothing.
 */
export const sendPasswordResetJob = defineJob({
  name: 'auth.send-password-reset',
  payload: z.object({ mail: z.string().max(254) }),
  handler: async ({ mail }, deps) => {
    const user = await findLiveUserByMail(deps.db, mail);
    if (!user?.isActive) return;
    await deps.db.transaction((tx) => sendPasswordResetMail(deps, tx, user));
  },
});

export const authJobs = [recordLoginJob, purgeSessionsJob, sendPasswordResetJob];
