import type { NavEntry } from '../lib/routes';

/**
 * Every feature declares its menu entries in its own `navigation.ts`; this glob gathers them (into the chunk of
 * the signed-in chrome, which alone shows the menu), in menu order.
 */
const featureNavigation = import.meta.glob<NavEntry[]>('./*/navigation.ts', {
  base: '../features',
  eager: true,
  import: 'navigation',
});

export const NAVIGATION: NavEntry[] = Object.values(featureNavigation)
  .flat()
  .sort((a, b) => a.order - b.order);
