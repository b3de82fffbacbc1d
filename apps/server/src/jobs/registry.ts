import type { JobDefinition } from '../deps';
import { authJobs } from '../services/auth/auth.jobs';
import { mailJobs } from '../services/mail/mail.jobs';

/** Every job of every service: the server and `npm run worker` register the same list. */
export const allJobs = [...authJobs, ...mailJobs] as readonly JobDefinition<unknown>[];
