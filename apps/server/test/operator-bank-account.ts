import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { companyBankAccounts } from '../src/db/schema';
import type { Deps } from '../src/deps';
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
 * transfer are refused without it (OPERATOR_BANK_ACCOUNT_MISSING). Answers the operator's default account (on a
 * shared PostgreSQL database, another test file may have given it first).
 */
export async function giveOperatorBankAccount(deps: Deps): Promise<{ iban: string; bic: string }> {
  const operator = await findOperatorCompany(deps.db);
  if (!operator) throw new Error('the test database has no operator company');
  const defaultAccount = () =>
    deps.db
      .select({ iban: companyBankAccounts.iban, bic: companyBankAccounts.bic })
      .from(companyBankAccounts)
      .where(and(eq(companyBankAccounts.companyId, operator.id), isNotNull(companyBankAccounts.bic)))
      .orderBy(
        desc(companyBankAccounts.isDefault),
        asc(companyBankAccounts.position),
        asc(companyBankAccounts.createdAt),
      )
      .limit(1);
  const [found] = await defaultAccount();
  if (found?.bic) return { iban: found.iban, bic: found.bic };
  await deps.db
    .insert(companyBankAccounts)
    .values({ companyId: operator.id, ...TEST_OPERATOR_ACCOUNT, isDefault: true });
  return { iban: TEST_OPERATOR_ACCOUNT.iban, bic: TEST_OPERATOR_ACCOUNT.bic };
}
