import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { NavEntry } from '../../lib/routes';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { NAVIGATION } from '../navigation';

/**
 * The browser tab's title on a signed-in page: the menu entry the page belongs to (the longest menu path the
 * address starts with), in the user's language, then the product name; null for a page outside the menu.
 */
export function pageTitle(pathname: string, navigation: NavEntry[], t: TFunction, productName: string): string | null {
  const entry = navigation
    .filter((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return entry ? `${t(entry.label)} — ${productName}` : null;
}

/** Sets the tab title of the page after the tagline NavigationEffects sets on every navigation. */
export function usePageTitle(navigation: NavEntry[] = NAVIGATION) {
  const { t, i18n } = useTranslation(['common', 'nav']);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: on every navigation (location.key) and language change
  useEffect(() => {
    const title = pageTitle(location.pathname, navigation, t, getRuntimeConfig().productName);
    if (title) document.title = title;
  }, [location.key, location.pathname, i18n.language, navigation, t]);
}
