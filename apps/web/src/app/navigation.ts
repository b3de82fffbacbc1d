import type { NavEntry, NavGroup } from '../lib/routes';
import type { NavIconName } from './nav-icons';

/**
 * Every feature declares its menu entries in its own `navigation.ts`; this glob gathers them (into the chunk of
 * the signed-in chrome, which alone shows the menu), in menu order within their sections.
 */
const featureNavigation = import.meta.glob<NavEntry[]>('./*/navigation.ts', {
  base: '../features',
  eager: true,
  import: 'navigation',
});

export const NAVIGATION: NavEntry[] = Object.values(featureNavigation)
  .flat()
  .sort((a, b) => a.order - b.order);

export type NavSectionDefinition = {
  group: NavGroup;
  /** Translation key of the section's label, with its namespace. */
  label: string;
  icon: NavIconName;
};

/**
 * The sections of the menu, in menu order. What a dental practice works with comes first (its cases, its
 * invoices, help), the back office's areas after, the user's own account last.
 */
export const NAV_SECTIONS: readonly NavSectionDefinition[] = [
  { group: 'overview', label: 'common:navSections.overview', icon: 'layout-dashboard' },
  { group: 'cases', label: 'common:navSections.cases', icon: 'dental' },
  { group: 'customers', label: 'common:navSections.customers', icon: 'building-community' },
  { group: 'billing', label: 'common:navSections.billing', icon: 'receipt' },
  { group: 'support', label: 'common:navSections.support', icon: 'lifebuoy' },
  { group: 'content', label: 'common:navSections.content', icon: 'file-text' },
  { group: 'administration', label: 'common:navSections.administration', icon: 'adjustments' },
  { group: 'account', label: 'common:navSections.account', icon: 'user-circle' },
];

export type NavSection = NavSectionDefinition & { entries: NavEntry[] };

/**
 * The entries grouped into their sections, in section order then entry order. A section without entries is left
 * out, so a section the user may open nothing of disappears.
 */
export function groupNavigation(
  entries: readonly NavEntry[],
  sections: readonly NavSectionDefinition[] = NAV_SECTIONS,
): NavSection[] {
  return sections
    .map((section) => ({
      ...section,
      entries: entries.filter((entry) => entry.group === section.group).sort((a, b) => a.order - b.order),
    }))
    .filter((section) => section.entries.length > 0);
}
