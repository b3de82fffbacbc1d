export const invoiceSummaryPaths = {
  invoiceSummary: '/invoice-summary',
} as const;
