export const paymentPaths = {
  paymentHistory: '/payment-history',
  buyCredits: '/buy-credits',
} as const;
