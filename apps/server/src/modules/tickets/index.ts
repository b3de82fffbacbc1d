import { TICKET_ERRORS } from '@cuspid/contracts/tickets';
import { defineModule } from '../../lib/define-module';
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
});
