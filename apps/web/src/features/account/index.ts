// What other features use of the account: its URL.
export { accountPaths } from './paths';
