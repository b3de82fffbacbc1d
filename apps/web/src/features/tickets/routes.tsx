import type { PermissionTitle } from '@cuspid/contracts';
import { type AppRoute, lazyPage } from '../../lib/routes';
import { ticketPaths } from './paths';

// TICKET_PERMISSION of @cuspid/contracts/tickets, written out: importing that module would put its schemas (zod)
// into the login page's bundle, which loads the route table.
const TICKET_PERMISSION = 'backoffice-ticket' satisfies PermissionTitle;

export const routes: AppRoute[] = [
  {
    path: ticketPaths.tickets,
    page: lazyPage(() => import('./pages/tickets'), 'TicketsPage'),
    permission: TICKET_PERMISSION,
  },
  {
    path: ticketPaths.ticketCreate,
    page: lazyPage(() => import('./pages/ticket-create'), 'TicketCreatePage'),
    permission: TICKET_PERMISSION,
  },
  {
    path: ticketPaths.ticketEditRoute,
    page: lazyPage(() => import('./pages/ticket-edit'), 'TicketEditPage'),
    permission: TICKET_PERMISSION,
  },
];
