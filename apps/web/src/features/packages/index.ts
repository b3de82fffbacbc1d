// What other features use of packages: the tooth chart and the price of a case (the cases screens show them
// before a case is submitted).
export { CasePrice } from './components/case-price';
export { ToothChart, type ToothSelection } from './components/tooth-chart';
