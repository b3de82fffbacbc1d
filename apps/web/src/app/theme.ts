import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { STORAGE_KEYS } from '../lib/storage-keys';

export const theme = createTheme({
  primaryColor: 'cyan',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });
