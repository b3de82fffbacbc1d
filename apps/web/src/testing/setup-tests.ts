import '@testing-library/jest-dom/vitest';
import { DEFAULT_RUNTIME_CONFIG } from '@cuspid/contracts';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n, loadEarlyNamespaces, setLanguage } from '../lib/i18n';
import { sessionStore } from '../lib/session';

window.__CUSPID_CONFIG__ = DEFAULT_RUNTIME_CONFIG;

// findBy*/waitFor wait up to 10 s (default 1 s): lazy pages load through dynamic imports, which a busy
// machine serves slowly. A test still fails when the element never comes.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await initI18n('en');
  // In the app they arrive right after start; tests wait for them, so an error reads the same every run.
  await loadEarlyNamespaces();
});

// Test files share a worker (isolate: false, vitest.config.ts): whatever a test leaves in a module's state (the
// notifications store, storage, the session, stubbed globals, fake timers, the language) is reset after it.
afterEach(async () => {
  cleanup();
  notifications.clean();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.reload();
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});
