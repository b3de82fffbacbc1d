import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { findLiveUserByMail } from '../sessions';
import { purgeAccountTokens } from './account-links.repository';
import { sendPasswordResetMail } from './link-tokens';

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

/** Hourly: deletes invitation and password-reset tokens a week after they expired. */
export const purgeAccountLinksJob = defineJob({
  name: 'auth.purge-account-links',
  payload: z.object({}),
  schedule: { cron: '17 * * * *' },
  handler: async (_payload, { db, logger }) => {
    const purged = await purgeAccountTokens(db, 7);
    if (purged) logger.info({ purged }, 'purged expired account links');
  },
});

export const accountLinksJobs = [sendPasswordResetJob, purgeAccountLinksJob];
