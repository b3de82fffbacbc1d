import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { apiCall, loginApi } from '../support/api';
import { formatViolations, runAxe } from '../support/axe';
import { ADMIN, PRACTICE, STORAGE_KEYS } from '../support/env';
import { useBrowser } from '../support/fixture';
import { networkIdle } from '../support/network';
import { gotoPath, loginViaUi, waitForPath } from '../support/ui';

type Balance = { company_id: string; balances: { free: number; paid: number }; total: number };

describe('credits', () => {
  const { e2e } = useBrowser('credits');

  e2e(
    'an admin grants free credits to the demo practice on its company page; the practice sees them on /credits',
    async ({ page }) => {
      const note = `Goodwill for the demo ${Date.now().toString(36)}`;
      const practiceToken = await loginApi(PRACTICE.mail, PRACTICE.password);
      const practice = await apiCall<{ id: string }>('GET', '/api/my-company', { token: practiceToken });
      assert.equal(practice.status, 200);
      const id = practice.body.id;
      const before = await apiCall<Balance>('GET', `/api/get-credits?company_id=${id}`, { token: practiceToken });
      assert.equal(before.status, 200);
      const free = before.body.balances.free + 50;

      await loginViaUi(page, ADMIN.mail, ADMIN.password);
      await gotoPath(page, `/customers/${id}/show`);
      await page.getByTestId('customer-show').waitFor();
      await page.getByRole('tab', { name: 'Credit history' }).click();
      await waitForPath(page, `/customers/${id}/show`);
      assert.match(page.url(), /[?&]tab=credits/);
      await page.getByTestId('credit-history-table').or(page.getByTestId('credit-history-empty')).waitFor();

      await page.getByTestId('grant-credits-open').click();
      const form = page.getByTestId('grant-credits-form');
      await form.waitFor();
      await form.getByRole('button', { name: 'Book' }).click();
      await form.getByText('This field is required').waitFor();
      const formViolations = await runAxe(page);
      assert.equal(formViolations.length, 0, formatViolations(formViolations).join('\n'));
      await form.getByLabel(/^Reason/).selectOption('manual_grant');
      await form.getByText('Free credits', { exact: true }).click();
      await form.getByLabel(/^Amount/).fill('50');
      await form.getByLabel(/^Note/).fill(note);
      await form.getByRole('button', { name: 'Book' }).click();
      await page.getByText(`The credits were booked. New balance: ${before.body.total + 50}`).waitFor();

      const entry = page.getByTestId('credit-entry').filter({ hasText: note });
      await entry.waitFor();
      assert.equal(await entry.getByTestId('credit-amount').textContent(), '+50');
      await entry.getByText('Manual grant').waitFor();
      await entry.getByText('Ada Admin').waitFor();
      await page.getByTestId('credit-balance-free').getByText(String(free), { exact: true }).waitFor();
      // axe sees the tab alone: the dialog gone, the toast closed by itself.
      await form.waitFor({ state: 'detached' });
      await page.getByTestId('notification-success').waitFor({ state: 'detached', timeout: 15_000 });
      const tabViolations = await runAxe(page);
      assert.equal(tabViolations.length, 0, formatViolations(tabViolations).join('\n'));

      await page.getByRole('tab', { name: 'Balance history' }).click();
      await page.getByTestId('balance-history-summary').waitFor({ state: 'attached' });
      await page.locator('.recharts-surface').first().waitFor();
      assert.match(page.url(), /[?&]tab=balance/);
      const chartViolations = await runAxe(page);
      assert.equal(chartViolations.length, 0, formatViolations(chartViolations).join('\n'));

      // The practice's own user sees the grant on /credits.
      await page.evaluate(() => localStorage.clear());
      await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
      await gotoPath(page, '/credits');
      await page.getByTestId('credits-page').waitFor();
      await page.getByTestId('credit-balance-free').getByText(String(free), { exact: true }).waitFor();
      const own = page.getByTestId('credit-entry').filter({ hasText: note });
      await own.waitFor();
      assert.equal(await own.getByTestId('credit-amount').textContent(), '+50');
      await page.getByTestId('balance-history-summary').waitFor({ state: 'attached' });
      const lightViolations = await runAxe(page);
      assert.equal(lightViolations.length, 0, formatViolations(lightViolations).join('\n'));
      await page.evaluate((key) => localStorage.setItem(key, 'dark'), STORAGE_KEYS.colorScheme);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
      await own.waitFor();
      await page.getByTestId('balance-history-summary').waitFor({ state: 'attached' });
      await networkIdle(page);
      const darkViolations = await runAxe(page);
      assert.equal(darkViolations.length, 0, formatViolations(darkViolations).join('\n'));
      // A practice may see its credits but never grant any.
      assert.equal(await page.getByTestId('grant-credits-open').count(), 0);

      const after = await apiCall<Balance>('GET', `/api/get-credits?company_id=${id}`, { token: practiceToken });
      assert.equal(after.body.balances.free, free);
    },
    { timeout: 120_000 },
  );
});
