// The global search's data for the command palette of the signed-in chrome (app/layouts).
export { isSearchableTerm, useSearchRecords } from './api/search';
