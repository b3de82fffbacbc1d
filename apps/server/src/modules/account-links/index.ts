import { defineModule } from '../../lib/define-module';
import { accountLinksJobs } from './account-links.jobs';
import { ACCOUNT_LINK_MAILS } from './account-links.mail-seed';
import { accountLinksRoutes } from './account-links.routes';

export { revokeAccountTokens } from './account-links.repository';
export { linkForAdministrator, sendInvitationMail } from './link-tokens';

/**
 * Mailed account links (ADR 0034): invitations and password resets, from issuing and mailing a link to
 * checking and spending it. User administration invites, and ends a user's links, through this index.
 */
export const accountLinksModule = defineModule({
  name: 'account-links',
  service: 'auth',
  mail: ACCOUNT_LINK_MAILS,
  routes: accountLinksRoutes,
  jobs: accountLinksJobs,
  publicRoutes: {
    'POST /auth/check-account-link': { auth: 'none', why: "a mailed link; the link's secret is the proof" },
    'POST /auth/accept-invitation': { auth: 'none', why: "a mailed link; the link's secret is the proof" },
    'POST /auth/forgot-password': { auth: 'none', why: 'the same answer for every address' },
    'POST /auth/reset-password': { auth: 'none', why: "a mailed link; the link's secret is the proof" },
  },
});
