import type { PermissionTitle } from '@cuspid/contracts';
import type { SearchArea, SearchItem } from '@cuspid/contracts/search';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { NavIconName } from '../app/nav-icons';

/** `full`: no chrome. Without a layout, the page uses the user's choice of vertical or horizontal. */
export type RouteLayout = 'full' | 'vertical' | 'horizontal';

/**
 * The section of the navigation a menu entry belongs to. The sections, their order, labels and icons are
 * `NAV_SECTIONS` in `app/navigation.ts`.
 */
export type NavGroup =
  | 'overview'
  | 'cases'
  | 'customers'
  | 'billing'
  | 'support'
  | 'content'
  | 'administration'
  | 'account';

/**
 * An entry of the navigation menu, declared in the feature's `navigation.ts` (apart from its routes, so that the
 * menu's labels and icons load with the signed-in chrome, not with the login page). It links to one of the
 * feature's routes and is shown to the users who may open that route: the route's permission is the entry's.
 */
export type NavEntry = {
  path: string;
  /**
   * Translation key of the label, with its namespace: `nav:<key>`, the feature's own menu labels
   * (`locales/nav/<lang>.json`, merged into the `nav` namespace), or an app-wide `common:nav.<key>`.
   */
  label: string;
  icon: NavIconName;
  group: NavGroup;
  /** Position within its section, across features (lower first). */
  order: number;
  /** Shown to customers only, not to the operator's staff (who may still open the route). */
  customersOnly?: boolean;
};

/**
 * An action of the command palette (Ctrl+K), declared in the feature's `commands.ts` (`commands`): opens one of
 * the feature's pages, e.g. its create form. Like a menu entry, it is offered to the users who may open that route.
 */
export type CommandEntry = {
  path: string;
  /** Translation key of the label, with its namespace (the palette loads the namespaces its labels name). */
  label: string;
  icon: NavIconName;
  /** Position among the actions, across features (lower first). */
  order: number;
};

/**
 * How the command palette shows the records one area's search provider finds (`GET /api/search`), declared in the
 * feature's `commands.ts` (`searchAreas`).
 */
export type SearchAreaEntry = {
  area: SearchArea;
  /** Translation key of the group's heading, with its namespace. */
  label: string;
  icon: NavIconName;
  /** The page a found record opens. */
  link: (item: SearchItem) => string;
  /** The area's list: opened, searched for the record's title, where the user may not open `link`'s page. */
  list: string;
  /**
   * The record's title and line in the reader's language, from the codes the server sends beside its English
   * `subtitle` (`status`, `kind`, `untitled`), with the labels of the area's own lists. Without it, the palette
   * shows the title and subtitle as sent.
   */
  describe?: (item: SearchItem, t: Translate) => { title?: string; subtitle?: string };
  /** The dictionaries `describe` reads (the palette loads them with the labels'). */
  namespaces?: string[];
};

/** A translation function as `describe` needs it: a key with its namespace, and options. */
export type Translate = (key: string, options?: { defaultValue?: string }) => string;

/** A found record's line: its own words (`details`), then the translated codes, as the lists write them. */
export const searchLine = (item: SearchItem, ...labels: (string | undefined)[]) =>
  [...(item.details ?? []), ...labels].filter(Boolean).join(' · ') || undefined;

/** One page of the app, as a feature declares it in its `routes.tsx`. */
export type AppRoute = {
  path: string;
  /** Lazy-loaded, so the login page's bundle carries no other page. */
  page: LazyExoticComponent<ComponentType>;
  /** Shown without sign-in. */
  public?: boolean;
  /** Signed-in users are sent on to the home page (login, registration). */
  guestOnly?: boolean;
  /**
   * Route access as in spec section 6: admin, or a permission title this one is a prefix of. A list opens the route
   * to the holders of any one of them (the invoices' read-only view for the payment history's holders, ADR 0118).
   */
  permission?: PermissionTitle | readonly PermissionTitle[];
  layout?: RouteLayout;
};

/** A page component loaded on first visit. React.lazy wants a default export; our pages use named ones. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
