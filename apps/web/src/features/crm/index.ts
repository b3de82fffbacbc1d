// What other features use of the CRM: a customer's timeline (notes and activities), shown on the customer page.
export type { AssigneeOption } from './components/activity-form';
export { CustomerTimelinePanel } from './components/customer-timeline-panel';
