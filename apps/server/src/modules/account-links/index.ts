import { defineModule } from '../../lib/define-module';
import { accountLinksJobs } from './account-links.jobs';
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
  routes: accountLinksRoutes,
  jobs: accountLinksJobs,
});
