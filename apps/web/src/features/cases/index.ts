// What the app shell uses of cases: the one stream of live case updates, mounted while signed in.
export { CaseEventsStream } from './components/case-events-stream';
// The staff's company filter of lists (this area's and others').
export { CompanyFilter } from './components/company-filter';
