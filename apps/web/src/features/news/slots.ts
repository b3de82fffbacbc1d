import { lazyPage } from '../../lib/routes';
import type { SlotEntry } from '../../lib/slots';

// The signed-in user's news feed, first on the home page.
export const slots: SlotEntry[] = [
  { slot: 'home.main', order: 10, component: lazyPage(() => import('./components/news-feed'), 'NewsFeed') },
];
