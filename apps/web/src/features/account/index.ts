// What other features use of the account: its URL and the home page's account summary.
export { AccountSummaryCard } from './components/account-summary-card';
export { accountPaths } from './paths';
