import { lazyPage } from '../../lib/routes';
import type { SlotEntry } from '../../lib/slots';

// The user's account at a glance, on the home page.
export const slots: SlotEntry[] = [
  {
    slot: 'home.main',
    order: 20,
    component: lazyPage(() => import('./components/account-summary-card'), 'AccountSummaryCard'),
  },
];
