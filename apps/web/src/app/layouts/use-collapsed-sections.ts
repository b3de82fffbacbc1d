import { useLocalStorage } from '@mantine/hooks';
import { useCallback } from 'react';
import type { NavGroup } from '../../lib/routes';
import { STORAGE_KEYS } from '../../lib/storage-keys';

const NO_GROUPS: NavGroup[] = [];

function readGroups(value: string | undefined): NavGroup[] {
  if (!value) return NO_GROUPS;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is NavGroup => typeof item === 'string') : NO_GROUPS;
  } catch {
    return NO_GROUPS;
  }
}

/**
 * The side menu's sections the user collapsed, remembered per browser (localStorage); every other section is
 * open. Kept as the list of collapsed groups so that a section added later starts open.
 */
export function useCollapsedSections() {
  const [collapsed, setCollapsed] = useLocalStorage<NavGroup[]>({
    key: STORAGE_KEYS.navCollapsed,
    defaultValue: NO_GROUPS,
    getInitialValueInEffect: false,
    deserialize: readGroups,
    serialize: (groups) => JSON.stringify(groups),
  });
  const setOpen = useCallback(
    (group: NavGroup, open: boolean) =>
      setCollapsed((current) => {
        const rest = current.filter((item) => item !== group);
        return open ? rest : [...rest, group];
      }),
    [setCollapsed],
  );
  return { collapsed, setOpen };
}
