// What other features use of credits: a company's balance, ledger, balance history and the staff's grant form.
export { creditBalanceQuery } from './api/credits';
export { BalanceHistoryChart } from './components/balance-history-chart';
export { CreditBalanceCards } from './components/credit-balance-cards';
export { CreditHistoryTable } from './components/credit-history-table';
export { GrantCreditsButton, GrantCreditsModal } from './components/grant-credits-modal';
