import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const queryClient = createQueryClient();
const router = createAppRouter();

// The remembered language's dictionary loads before the first paint, so no label flashes in English.
void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
