// zod/mini, not zod: the web parses this at start-up in its entry chunk, which the sign-in page loads first
// (bench web-size, ADR 0110); full zod would weigh about 25 kB gzipped there. The checks are the same.
import * as z from 'zod/mini';

/**
 * What the server tells the web app at run time (served as /runtime-config.js, which sets
 * `window.__CUSPID_CONFIG__`): the base URL of each service, so services can be hosted apart.
 */
export const runtimeConfigSchema = z.object({
  services: z.object({
    auth: z.string(),
    api: z.string(),
    mail: z.string(),
    documents: z.string(),
  }),
  productName: z.string(),
  tagline: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  services: { auth: '/auth', api: '/api', mail: '/mail', documents: '/documents' },
  productName: 'Cuspid',
  tagline: 'Cuspid — dental scans, reconstructed',
};
