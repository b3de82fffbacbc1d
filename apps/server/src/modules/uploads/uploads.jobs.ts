import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { cleanUpUploads } from './uploads.service';

/**
 * Hourly: removes scan uploads never finished and checked a day after they started (staging file,
 * object and row), and verified ones no case took a week after they were finished (ADR 0100).
 */
export const cleanUpUploadsJob = defineJob({
  name: 'uploads.clean-up',
  payload: z.object({}),
  schedule: { cron: '41 * * * *' },
  handler: async (_payload, deps) => {
    await cleanUpUploads(deps);
  },
});
