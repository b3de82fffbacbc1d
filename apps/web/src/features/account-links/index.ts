// What other features use of the mailed account links: their URLs (the login form links to forgot-password).
export { accountLinkPaths } from './paths';
