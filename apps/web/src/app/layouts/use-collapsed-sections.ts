import { useLocalStorage } from '@mantine/hooks';
import { useCallback } from 'react';
import type { NavGroup } from '../../lib/routes';
import { STORAGE_KEYS } from '../../lib/storage-keys';

/** The user's own choices: a section they opened (true) or closed (false); a section not in it follows the default. */
export type SectionChoices = Partial<Record<NavGroup, boolean>>;

const NO_CHOICES: SectionChoices = {};

/**
 * A menu with more entries than this (the back office's) starts with its sections collapsed, but for the current
 * page's; a shorter one (a customer's) starts with every section open (ADR 0126).
 */
export const COMPACT_MENU_ENTRIES = 12;

export function readChoices(value: string | undefined): SectionChoices {
  if (!value) return NO_CHOICES;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return NO_CHOICES;
    return Object.fromEntries(Object.entries(parsed).filter(([, open]) => typeof open === 'boolean'));
  } catch {
    return NO_CHOICES;
  }
}

/**
 * The side menu's sections the user opened or closed, remembered per browser (localStorage). Only explicit
 * choices are kept, so that a section the user never touched follows the menu's default (and one added later
 * does too).
 */
export function useSectionChoices() {
  const [choices, setChoices] = useLocalStorage<SectionChoices>({
    key: STORAGE_KEYS.navSections,
    defaultValue: NO_CHOICES,
    getInitialValueInEffect: false,
    deserialize: readChoices,
    serialize: (value) => JSON.stringify(value),
  });
  const choose = useCallback(
    (group: NavGroup, open: boolean) => setChoices((current) => ({ ...current, [group]: open })),
    [setChoices],
  );
  return { choices, choose };
}
