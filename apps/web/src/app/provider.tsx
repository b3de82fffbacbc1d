import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { installFocusFirstError } from '../lib/focus-first-error';
import { i18n } from '../lib/i18n';
import { NOTIFY_AUTO_CLOSE_MS } from '../lib/notify';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

// The toast container (and its transition and scroll-lock code) loads after the first paint; toasts raised
// before it mounts wait in the notifications store.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

type AppProviderProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** `test` turns off transitions (component tests). */
  env?: 'default' | 'test';
};

export function AppProvider({ queryClient, children, env = 'default' }: AppProviderProps) {
  // After a failed submit, any form's first field in error takes the focus.
  useEffect(() => installFocusFirstError(document), []);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      env={env}
    >
      <Suspense fallback={null}>
        <Notifications position="bottom-right" autoClose={NOTIFY_AUTO_CLOSE_MS} />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
