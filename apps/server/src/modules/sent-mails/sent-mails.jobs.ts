import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { deliverMail, MAIL_RETRY_LIMIT } from './mail-delivery';

/** Renders and delivers one outbox mail; enqueued by sendMail in the transaction that writes the row. */
export const deliverMailJob = defineJob({
  name: 'mail.deliver',
  payload: z.object({ outboxId: z.uuid() }),
  options: { retryLimit: MAIL_RETRY_LIMIT, retryDelay: 2, retryBackoff: true, expireInSeconds: 300 },
  handler: async ({ outboxId }, deps) => deliverMail(deps, outboxId),
});

export const sentMailsJobs = [deliverMailJob];
