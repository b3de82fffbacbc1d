import { useLocalStorage } from '@mantine/hooks';
import { STORAGE_KEYS } from './storage-keys';

export type ShellLayout = 'vertical' | 'horizontal';

/** The user's choice between the side menu (vertical) and the top menu (horizontal), remembered. */
export function useLayoutPreference() {
  const [layout, setLayout] = useLocalStorage<ShellLayout>({
    key: STORAGE_KEYS.layout,
    defaultValue: 'vertical',
    getInitialValueInEffect: false,
    deserialize: (value) => (value === 'horizontal' || value === '"horizontal"' ? 'horizontal' : 'vertical'),
    serialize: (value) => value,
  });
  return [layout, setLayout] as const;
}
