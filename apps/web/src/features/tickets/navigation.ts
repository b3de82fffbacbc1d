import type { NavEntry } from '../../lib/routes';
import { ticketPaths } from './paths';

export const navigation: NavEntry[] = [
  { path: ticketPaths.tickets, label: 'nav:tickets', icon: 'ticket', group: 'support', order: 5 },
];
