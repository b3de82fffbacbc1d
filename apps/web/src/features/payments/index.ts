// What other features use of payments: where a company buys credits.
export { paymentPaths } from './paths';
