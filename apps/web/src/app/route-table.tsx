import type { PermissionTitle } from '@cuspid/contracts';
import {
  type Icon,
  IconBuilding,
  IconHelpCircle,
  IconHome,
  IconKey,
  IconSettings,
  IconShieldLock,
  IconSitemap,
  IconUserCog,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { paths } from '../config/paths';

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
  nav?: { label: string; icon: Icon };
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
  {
    path: paths.notFound,
    page: page(() => import('./pages/not-found'), 'NotFoundPage'),
    public: true,
    layout: 'full',
  },
  {
    path: paths.home,
    page: page(() => import('./pages/home'), 'HomePage'),
    nav: { label: 'common:nav.home', icon: IconHome },
  },
  {
    path: paths.accountSetting,
    page: page(() => import('./pages/account-setting'), 'AccountSettingPage'),
    nav: { label: 'common:nav.accountSettings', icon: IconUserCog },
  },
  {
    path: paths.myCompany,
    page: page(() => import('./pages/my-company'), 'MyCompanyPage'),
    nav: { label: 'common:nav.myCompany', icon: IconBuilding },
  },
  {
    path: paths.faq,
    page: page(() => import('./pages/faq'), 'FaqPage'),
    nav: { label: 'common:nav.faq', icon: IconHelpCircle },
  },
  {
    path: paths.dataPrivacy,
    page: page(() => import('./pages/data-privacy'), 'DataPrivacyPage'),
    nav: { label: 'common:nav.dataPrivacy', icon: IconShieldLock },
  },
  {
    path: paths.permissions,
    page: page(() => import('./pages/permissions'), 'PermissionsPage'),
    permission: 'list-permissions',
    nav: { label: 'common:nav.permissions', icon: IconKey },
  },
  {
    path: paths.customers,
    page: page(() => import('./pages/customers'), 'CustomersPage'),
    permission: 'backoffice-company',
    nav: { label: 'common:nav.customers', icon: IconUsersGroup },
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
    path: paths.registrationConfiguration,
    page: page(() => import('./pages/registration-configuration'), 'RegistrationConfigurationPage'),
    permission: 'backoffice-global-configuration',
    nav: { label: 'common:nav.registrationConfiguration', icon: IconSettings },
  },
  {
    path: paths.unit,
    page: page(() => import('./pages/unit'), 'UnitPage'),
    permission: 'backoffice-unit',
    nav: { label: 'common:nav.unit', icon: IconSitemap },
  },
];
