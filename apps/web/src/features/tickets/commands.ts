import { type CommandEntry, type SearchAreaEntry, searchLine } from '../../lib/routes';
import { ticketPaths } from './paths';

export const commands: CommandEntry[] = [
  { path: ticketPaths.ticketCreate, label: 'tickets:commands.createTicket', icon: 'ticket', order: 65 },
];

export const searchAreas: SearchAreaEntry[] = [
  {
    area: 'tickets',
    label: 'tickets:commands.searchArea',
    icon: 'ticket',
    link: (item) => ticketPaths.ticketEdit(item.id),
    list: ticketPaths.tickets,
    namespaces: ['tickets'],
    describe: (item, t) => ({ subtitle: searchLine(item, item.status && t(`tickets:status.${item.status}`)) }),
  },
];
