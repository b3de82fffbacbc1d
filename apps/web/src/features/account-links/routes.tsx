import { type AppRoute, lazyPage } from '../../lib/routes';
import { accountLinkPaths } from './paths';

// Mailed account links (ADR 0034): public, and shown to a signed-in browser too (an invitation may be
// opened where someone else is signed in; accepting it signs in as the invited user).
export const routes: AppRoute[] = [
  {
    path: accountLinkPaths.forgotPassword,
    page: lazyPage(() => import('./pages/forgot-password'), 'ForgotPasswordPage'),
    public: true,
    layout: 'full',
  },
  {
    path: accountLinkPaths.resetPassword,
    page: lazyPage(() => import('./pages/account-link'), 'ResetPasswordPage'),
    public: true,
    layout: 'full',
  },
  {
    path: accountLinkPaths.acceptInvitation,
    page: lazyPage(() => import('./pages/account-link'), 'AcceptInvitationPage'),
    public: true,
    layout: 'full',
  },
];
