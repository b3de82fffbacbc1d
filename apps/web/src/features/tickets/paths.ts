export const ticketPaths = {
  tickets: '/tickets',
  ticketCreate: '/tickets/create',
  ticketEditRoute: '/tickets/:id/edit',
  ticketEdit: (id: string) => `/tickets/${id}/edit`,
} as const;
