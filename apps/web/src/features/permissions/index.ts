// What other features use of permissions: the permission list query (the role form's picker).
export { permissionRecordListQuery } from './api/permission-admin';
export { permissionPaths } from './paths';
