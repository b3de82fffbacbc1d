import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { apiCall, loginApi } from '../support/api';
import { formatViolations, runAxe } from '../support/axe';
import { ADMIN, PRACTICE } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi } from '../support/ui';

type Balance = { balances: { free: number; paid: number }; total: number };

describe('payments', () => {
  const { e2e } = useBrowser('payments');

  e2e(
    'the practice buys a package by bank transfer; staff import the bank statement; the credits arrive once',
    async ({ page }) => {
      const adminToken = await loginApi(ADMIN.mail, ADMIN.password);
      const name = `E2E pack ${Date.now().toString(36)}`;
      const created = await apiCall<{ id: string }>('POST', '/api/packages', {
        token: adminToken,
        body: { name, credits: 25, price_cents: 10_000, credit_type: 'paid' },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const practiceToken = await loginApi(PRACTICE.mail, PRACTICE.password);
      const before = await apiCall<Balance>('GET', '/api/get-credits', { token: practiceToken });

      // The practice: credits page → buy credits → the package → order by bank transfer.
      await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
      await gotoPath(page, '/credits');
      await page.getByTestId('credits-buy').click();
      await page.getByTestId('buy-credits-page').waitFor();
      await page.getByTestId('buy-package').filter({ hasText: name }).click();
      const total = await page.getByTestId('buy-total').textContent();
      assert.ok(total?.includes('€'), `the total is shown: ${total}`);
      const violations = await runAxe(page);
      assert.equal(violations.length, 0, formatViolations(violations).join('\n'));
      await page.getByTestId('buy-submit').click();
      const instructions = page.getByTestId('bank-instructions');
      await instructions.waitFor();
      const number = (await instructions
        .locator('td')
        .filter({ hasText: /^\d{4}-\d{6}$/ })
        .first()
        .textContent())!;
      assert.match(number, /^\d{4}-\d{6}$/);

      // Staff: payment history → import the statement that pays the invoice (twice: the second changes nothing).
      await page.evaluate(() => localStorage.clear());
      await loginViaUi(page, ADMIN.mail, ADMIN.password);
      await gotoPath(page, '/payment-history');
      await page.getByTestId('payment-history-page').waitFor();
      const invoices = await apiCall<{ data: { number: string; total: number }[] }>(
        'GET',
        `/api/invoices?search=${encodeURIComponent(number)}`,
        { token: adminToken },
      );
      const cents = invoices.body.data[0]!.total;
      const amount = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
      const statement = `Buchungstag;Betrag;Verwendungszweck;Auftraggeber\n27.11.2026;${amount};Rechnung ${number};Demo Praxis\n`;
      for (const expected of ['Paid: 1', 'Imported before: 1']) {
        await page.getByTestId('bank-import-open').click();
        await page
          .locator('input[type="file"]')
          .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
        await page.getByTestId('bank-import-submit').click();
        await page.getByTestId('bank-import-result').getByText(expected).waitFor();
        await page.keyboard.press('Escape');
        await page.getByTestId('bank-import-result').waitFor({ state: 'detached' });
      }
      await page.getByTestId('payment-row').filter({ hasText: number }).waitFor();

      const after = await apiCall<Balance>('GET', '/api/get-credits', { token: practiceToken });
      assert.equal(after.body.balances.paid, before.body.balances.paid + 25);
    },
  );
});
