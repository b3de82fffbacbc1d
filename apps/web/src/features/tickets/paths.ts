import type { RecordPages } from '../../lib/record-pages';

export const ticketPaths = {
  tickets: '/tickets',
  ticketCreate: '/tickets/create',
  ticketEditRoute: '/tickets/:id/edit',
  ticketEdit: (id: string) => `/tickets/${id}/edit`,
} as const;

/** The pages of this area's records, by the kind the audit trail names them (gathered by `recordPath`). */
export const recordPages: RecordPages = {
  ticket: ticketPaths.ticketEdit,
};
