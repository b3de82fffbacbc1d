// What other features use of sign-in: ending the local session, and the permission catalogue.

export { listPermissions, loadPermissionTitles } from './api/list-permissions';
export { clearLocalSession } from './api/logout';
export { authPaths } from './paths';
