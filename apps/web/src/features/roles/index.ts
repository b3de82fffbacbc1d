// What other features use of roles: the role list (role pickers).
export { useRoleList } from './api/roles';
