// What other features use of users: a company's users (the customer page's table and the CRM assignees).
export { userListQuery } from './api/users';
export { CompanyUsersTable } from './components/company-users-table';
