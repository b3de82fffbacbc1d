import { TICKET_ERRORS, TICKET_PERMISSION_CATALOGUE } from '@cuspid/contracts/tickets';
import { defineModule } from '../../lib/define-module';
import { TICKET_MAILS } from './tickets.mail-seed';
import { openTicketsPerPriority } from './tickets.metrics';
import { ticketsRoutes } from './tickets.routes';
import { ticketsSearch } from './tickets.search';
import { ticketSettings } from './tickets.settings';

/** Support tickets (ADR 0112): numbered tickets, public answers and internal notes, files, history and mails. */
export const ticketsModule = defineModule({
  name: 'tickets',
  service: 'api',
  errors: TICKET_ERRORS,
  routes: ticketsRoutes,
  search: [ticketsSearch],
  settings: ticketSettings,
  mail: TICKET_MAILS,
  permissions: TICKET_PERMISSION_CATALOGUE,
  metrics: [openTicketsPerPriority],
});
