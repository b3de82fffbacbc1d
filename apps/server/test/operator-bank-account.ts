import type { Deps } from '../src/deps';
import { companyBankAccounts } from '../src/modules/companies/companies.schema';
import { findTransferAccount, type TransferAccount } from '../src/modules/payments';
import { findOperatorCompany } from '../src/modules/users';

/** The operator's account in the tests (an example IBAN of the German banks' documentation, not a real account). */
export const TEST_OPERATOR_ACCOUNT = {
  accountHolder: 'Cuspid Test Operations',
  bankName: 'Testbank',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
} as const;

/**
 * Gives the operator company a default bank account with IBAN and BIC unless it has one: invoices paid by bank
 * transfer are refused without it (OPERATOR_BANK_ACCOUNT_MISSING). Answers the account invoices name (on a shared
 * PostgreSQL database, another test file may have given it first).
 */
export async function giveOperatorBankAccount(deps: Deps): Promise<TransferAccount> {
  const operator = await findOperatorCompany(deps.db);
  if (!operator) throw new Error('the test database has no operator company');
  const found = await findTransferAccount(deps.db, operator);
  if (found) return found;
  await deps.db
    .insert(companyBankAccounts)
    .values({ companyId: operator.id, ...TEST_OPERATOR_ACCOUNT, isDefault: true });
  return (await findTransferAccount(deps.db, operator))!;
}
