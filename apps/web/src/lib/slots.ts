import type { PermissionTitle } from '@cuspid/contracts';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * What a feature adds to another feature's page, declared in its own `slots.ts` (`slots`): the page shows, where it
 * renders `<Slot name>`, every entry declared for that name, in order, to the users it is for.
 */
export type SlotEntry = {
  /** The place on a page, named by the page that shows it: `<page>.<place>` (`home.main`). */
  slot: string;
  /** Position within the slot, across features (lower first). */
  order: number;
  /** Loaded the first time the slot shows it (`lazyPage`), so the host page's chunk does not carry it. */
  component: LazyExoticComponent<ComponentType>;
  /** Shown to the holders of this permission, and to admins (as `<Can>`); without it, to every signed-in user. */
  permission?: PermissionTitle;
};
