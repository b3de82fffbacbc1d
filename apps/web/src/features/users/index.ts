// What other features use of users: a company's users (the customer page's table and the CRM assignees).
export { userListQuery } from './api/users';
export { CompanyUsersTable } from './components/company-users-table';
// A searchable choice of one user by name or mail (the audit trail's filter).
export { UserPicker, userName } from './components/user-picker';
