// What other features use of invoices: where an invoice and the list of them are.
export { invoicePaths } from './paths';
