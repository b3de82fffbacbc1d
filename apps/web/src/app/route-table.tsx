import type { PermissionTitle } from '@cuspid/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { paths } from '../config/paths';
import type { NavIconName } from './nav-icons';

/** `full`: no chrome. Without a layout, the page uses the user's choice of vertical or horizontal. */
export type RouteLayout = 'full' | 'vertical' | 'horizontal';

export type AppRoute = {
  path: string;
  /** Lazy-loaded, so the login page's bundle carries no other page. */
  page: LazyExoticComponent<ComponentType>;
  /** Shown without sign-in. */
  public?: boolean;
  /** Signed-in users are sent on to the home page (login, registration). */
  guestOnly?: boolean;
  /** Route access as in spec section 6: admin, or a permission title this one is a prefix of. */
  permission?: PermissionTitle;
  layout?: RouteLayout;
  /** Shown in the navigation menu (to users who may open the route). */
  nav?: { label: string; icon: NavIconName };
};

// React.lazy wants a default export; our pages use named ones.
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/** The one route table: the router and the navigation menu are both built from it. Later issues extend it. */
export const ROUTES: AppRoute[] = [
  {
    path: paths.login,
    page: page(() => import('./pages/login'), 'LoginPage'),
    public: true,
    guestOnly: true,
    layout: 'full',
  },
  {
    path: paths.register,
    page: page(() => import('./pages/register'), 'RegisterPage'),
    public: true,
    guestOnly: true,
    layout: 'full',
  },
  // Mailed account links (ADR 0034): public, and shown to a signed-in browser too (an invitation may be
  // opened where someone else is signed in; accepting it signs in as the invited user).
  {
    path: paths.forgotPassword,
    page: page(() => import('./pages/forgot-password'), 'ForgotPasswordPage'),
    public: true,
    layout: 'full',
  },
  {
    path: paths.resetPassword,
    page: page(() => import('./pages/account-link'), 'ResetPasswordPage'),
    public: true,
    layout: 'full',
  },
  {
    path: paths.acceptInvitation,
    page: page(() => import('./pages/account-link'), 'AcceptInvitationPage'),
    public: true,
    layout: 'full',
  },
  {
    path: paths.notFound,
    page: page(() => import('./pages/not-found'), 'NotFoundPage'),
    public: true,
    layout: 'full',
  },
  {
    path: paths.home,
    page: page(() => import('./pages/home'), 'HomePage'),
    nav: { label: 'common:nav.home', icon: 'home' },
  },
  {
    path: paths.accountSetting,
    page: page(() => import('./pages/account-setting'), 'AccountSettingPage'),
    nav: { label: 'common:nav.accountSettings', icon: 'user-cog' },
  },
  {
    path: paths.myCompany,
    page: page(() => import('./pages/my-company'), 'MyCompanyPage'),
    nav: { label: 'common:nav.myCompany', icon: 'building' },
  },
  {
    path: paths.faq,
    page: page(() => import('./pages/faq'), 'FaqPage'),
    nav: { label: 'common:nav.faq', icon: 'help-circle' },
  },
  {
    path: paths.dataPrivacy,
    page: page(() => import('./pages/data-privacy'), 'DataPrivacyPage'),
    nav: { label: 'common:nav.dataPrivacy', icon: 'shield-lock' },
  },
  {
    path: paths.permissions,
    page: page(() => import('./pages/permissions'), 'PermissionsPage'),
    permission: 'list-permissions',
    nav: { label: 'common:nav.permissions', icon: 'key' },
  },
  {
    path: paths.mailTemplates,
    page: page(() => import('./pages/mail-templates'), 'MailTemplatesPage'),
    permission: 'backoffice-mail-template',
    nav: { label: 'common:nav.mailTemplates', icon: 'mail' },
  },
  {
    path: paths.mailTemplateCreate,
    page: page(() => import('./pages/mail-template-edit'), 'MailTemplateEditPage'),
    permission: 'backoffice-mail-template',
  },
  {
    path: paths.mailTemplateEdit,
    page: page(() => import('./pages/mail-template-edit'), 'MailTemplateEditPage'),
    permission: 'backoffice-mail-template',
  },
  {
    path: paths.mailTemplateAssignment,
    page: page(() => import('./pages/mail-template-assignment'), 'MailTemplateAssignmentPage'),
    permission: 'backoffice-mail-template-assignment',
    nav: { label: 'common:nav.mailTemplateAssignment', icon: 'mail' },
  },
  {
    path: paths.sentMails,
    page: page(() => import('./pages/sent-mails'), 'SentMailsPage'),
    permission: 'backoffice-mail-template',
    nav: { label: 'common:nav.sentMails', icon: 'mail' },
  },
  {
    path: paths.auditLog,
    page: page(() => import('./pages/audit-log'), 'AuditLogPage'),
    permission: 'backoffice-audit-log',
    nav: { label: 'common:nav.auditLog', icon: 'history' },
  },
  {
    path: paths.documentTemplates,
    page: page(() => import('./pages/document-templates'), 'DocumentTemplatesPage'),
    permission: 'backoffice-document-template',
    nav: { label: 'common:nav.documentTemplates', icon: 'files' },
  },
  {
    path: paths.documentTemplateCreate,
    page: page(() => import('./pages/document-template-form'), 'DocumentTemplateCreatePage'),
    permission: 'backoffice-document-template',
  },
  {
    path: paths.documentTemplateEditRoute,
    page: page(() => import('./pages/document-template-form'), 'DocumentTemplateEditPage'),
    permission: 'backoffice-document-template',
  },
  {
    path: paths.documentTemplateShowRoute,
    page: page(() => import('./pages/document-template-show'), 'DocumentTemplateShowPage'),
    permission: 'backoffice-document-template',
  },
  {
    path: paths.documentAssignment,
    page: page(() => import('./pages/document-assignment'), 'DocumentAssignmentPage'),
    permission: 'backoffice-document-assignment',
    nav: { label: 'common:nav.documentAssignment', icon: 'file-description' },
  },
  {
    path: paths.permissionCreate,
    page: page(() => import('./pages/permission-edit'), 'PermissionCreatePage'),
    permission: 'create-permission',
  },
  {
    path: paths.permissionEdit,
    page: page(() => import('./pages/permission-edit'), 'PermissionEditPage'),
    permission: 'update-permission',
  },
  // Spec section 2: users, roles and API keys with their permissions.
  {
    path: paths.users,
    page: page(() => import('./pages/users'), 'UsersPage'),
    permission: 'list-users',
    nav: { label: 'common:nav.users', icon: 'users' },
  },
  {
    path: paths.userCreate,
    page: page(() => import('./pages/user-edit'), 'UserCreatePage'),
    permission: 'create-user',
  },
  { path: paths.userEdit, page: page(() => import('./pages/user-edit'), 'UserEditPage'), permission: 'update-user' },
  { path: paths.userShow, page: page(() => import('./pages/user-show'), 'UserShowPage'), permission: 'list-users' },
  {
    path: paths.roles,
    page: page(() => import('./pages/roles'), 'RolesPage'),
    permission: 'list-roles',
    nav: { label: 'common:nav.roles', icon: 'user-shield' },
  },
  { path: paths.roleCreate, page: page(() => import('./pages/roles'), 'RoleCreatePage'), permission: 'create-role' },
  { path: paths.roleEdit, page: page(() => import('./pages/roles'), 'RoleEditPage'), permission: 'update-role' },
  {
    path: paths.apiKeys,
    page: page(() => import('./pages/api-keys'), 'ApiKeysPage'),
    permission: 'list-api-tokens',
    nav: { label: 'common:nav.apiKeys', icon: 'api' },
  },
  {
    path: paths.apiKeyCreate,
    page: page(() => import('./pages/api-keys'), 'ApiKeyCreatePage'),
    permission: 'create-api-token',
  },
  {
    path: paths.apiKeyEdit,
    page: page(() => import('./pages/api-keys'), 'ApiKeyEditPage'),
    permission: 'update-api-token',
  },
  {
    path: paths.customers,
    page: page(() => import('./pages/customers'), 'CustomersPage'),
    permission: 'backoffice-company',
    nav: { label: 'common:nav.customers', icon: 'users-group' },
  },
  {
    path: paths.customerCreate,
    page: page(() => import('./pages/customer-form'), 'CustomerCreatePage'),
    permission: 'backoffice-company',
  },
  {
    path: paths.customerEdit,
    page: page(() => import('./pages/customer-form'), 'CustomerEditPage'),
    permission: 'backoffice-company',
  },
  {
    path: paths.customerShow,
    page: page(() => import('./pages/customer-show'), 'CustomerShowPage'),
    permission: 'backoffice-company',
  },
  {
    path: paths.flags,
    page: page(() => import('./pages/flags'), 'FlagsPage'),
    permission: 'backoffice-flag',
    nav: { label: 'common:nav.flags', icon: 'flag' },
  },
  {
    path: paths.registrationConfiguration,
    page: page(() => import('./pages/registration-configuration'), 'RegistrationConfigurationPage'),
    permission: 'backoffice-global-configuration',
    nav: { label: 'common:nav.registrationConfiguration', icon: 'settings' },
  },
  {
    path: paths.unit,
    page: page(() => import('./pages/unit'), 'UnitPage'),
    permission: 'backoffice-unit',
    nav: { label: 'common:nav.unit', icon: 'sitemap' },
  },
];
