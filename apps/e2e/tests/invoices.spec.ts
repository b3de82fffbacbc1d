import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe } from 'node:test';
import { apiCall, loginApi } from '../support/api';
import { formatViolations, runAxe } from '../support/axe';
import { ADMIN, PRACTICE, STAFF } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi, pathOf } from '../support/ui';

describe('invoices', () => {
  const { e2e } = useBrowser('invoices');

  e2e(
    'staff create a draft with two lines, see its totals, issue it with the next number, see its PDF and mark it paid',
    async ({ page }) => {
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await loginViaUi(page, STAFF.mail, STAFF.password);
      await gotoPath(page, '/invoices');
      await page.getByTestId('invoices-page').waitFor();
      await page.getByTestId('invoice-create').click();

      const form = page.getByTestId('invoice-form');
      await form.waitFor();
      const company = form.getByTestId('invoice-company');
      await company.click();
      await company.fill('Demo Dental Practice');
      await page.getByRole('option', { name: 'Demo Dental Practice' }).click();

      await form.getByRole('textbox', { name: 'Article number, line 1' }).fill('PKG-10');
      await form.getByRole('textbox', { name: 'Name, line 1' }).fill('Credits package 10');
      await form.getByRole('textbox', { name: 'Quantity, line 1' }).fill('2');
      await form.getByRole('textbox', { name: 'Unit price, line 1' }).fill('49.99');
      await form.getByTestId('invoice-line-add').click();
      await form.getByRole('textbox', { name: 'Name, line 2' }).fill('Shipping');
      await form.getByRole('textbox', { name: 'Unit price, line 2' }).fill('12.34');
      await form.getByRole('textbox', { name: 'Tax rate, line 2' }).fill('7');

      // The totals as the server will compute them: VAT per rate on the net of that rate.
      const totals = form.getByTestId('invoice-totals');
      await totals.getByTestId('invoice-total').getByText('€132.18').waitFor();
      await totals.getByText('VAT 19 % on €99.98').waitFor();
      await totals.getByText('VAT 7 % on €12.34').waitFor();
      const formViolations = await runAxe(page);
      assert.equal(formViolations.length, 0, formatViolations(formViolations).join('\n'));
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The draft invoice was saved').waitFor();

      const show = page.getByTestId('invoice-show');
      await show.waitFor();
      assert.match(pathOf(page), /^\/invoices\/[0-9a-f-]{36}\/show$/);
      const id = pathOf(page).split('/')[2]!;
      await show.getByTestId('invoice-title').getByText('Draft invoice for Demo Dental Practice').waitFor();
      await show.getByTestId('invoice-total').getByText('€132.18').waitFor();
      assert.equal(await show.getByTestId('invoice-line').count(), 2);

      // The draft's PDF first; issuing numbers the invoice, and its PDF is read again and shown in the page.
      await show.getByTestId('invoice-pdf').waitFor();
      const issuedPdf = page.waitForResponse(
        (response) => response.url().endsWith(`/api/invoices/${id}/pdf`) && response.status() === 200,
      );
      await show.getByTestId('invoice-issue').click();
      const year = new Date().getUTCFullYear();
      await show
        .getByTestId('invoice-title')
        .getByText(new RegExp(`^Invoice ${year}-\\d{6}$`))
        .waitFor();
      await show.getByTestId('invoice-status').getByText('Open').waitFor();
      const number = ((await show.getByTestId('invoice-title').textContent()) ?? '').replace('Invoice ', '');
      const pdf = await issuedPdf;
      assert.equal(pdf.headers()['content-type'], 'application/pdf');
      const frame = show.getByTestId('invoice-pdf');
      await frame.waitFor();
      assert.match((await frame.getAttribute('src')) ?? '', /^blob:/);
      const content = await (await frame.elementHandle())?.contentFrame();
      await content?.waitForLoadState('load', { timeout: 10_000 }).catch(() => {});
      // The page's security policy lets the preview show the PDF.
      assert.deepEqual(
        consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text)),
        [],
      );
      assert.equal(await show.getByTestId('invoice-edit').count(), 0);
      // axe sees the page alone: the toasts closed by themselves.
      await page.waitForFunction(() => !document.querySelector('[data-testid^="notification-"]'), null, {
        timeout: 15_000,
      });
      const showViolations = await runAxe(page);
      assert.equal(showViolations.length, 0, formatViolations(showViolations).join('\n'));

      await show.getByTestId('invoice-mark-paid').click();
      await page.getByText('The invoice was marked paid').waitFor();
      await show.getByTestId('invoice-status').getByText('Paid').waitFor();
      assert.equal(await show.getByTestId('invoice-mark-paid').count(), 0);
      assert.equal(await show.getByTestId('invoice-cancel').count(), 1);

      // The list finds it by its number, paid.
      await gotoPath(page, `/invoices?q=${number}`);
      const row = page.getByTestId('invoice-row').filter({ hasText: number });
      await row.waitFor();
      await row.getByTestId('invoice-status').getByText('Paid').waitFor();
      await row.getByText('€132.18').waitFor();
      const listViolations = await runAxe(page);
      assert.equal(listViolations.length, 0, formatViolations(listViolations).join('\n'));
    },
  );

  e2e(
    'a practice buys a package by bank transfer, opens its invoice read-only, finds it under Invoices and downloads its PDF',
    async ({ page }) => {
      const adminToken = await loginApi(ADMIN.mail, ADMIN.password);
      const name = `E2E invoice pack ${Date.now().toString(36)}`;
      const created = await apiCall<{ id: string }>('POST', '/api/packages', {
        token: adminToken,
        body: { name, credits: 10, price_cents: 5_000, credit_type: 'paid' },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));

      await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
      await gotoPath(page, '/buy-credits');
      await page.getByTestId('buy-credits-page').waitFor();
      await page.getByTestId('buy-package').filter({ hasText: name }).click();
      await page.getByTestId('buy-total').waitFor();
      await page.getByTestId('buy-submit').click();
      const done = page.getByTestId('buy-done');
      await done.getByTestId('bank-instructions').waitFor();
      const title = (await done.getByText(/^Invoice \d{4}-\d{6}$/).textContent()) ?? '';
      const number = title.replace('Invoice ', '');
      assert.match(number, /^\d{4}-\d{6}$/);

      // The confirmation opens the invoice: open, read-only, without a staff action; its PDF downloads.
      await done.getByTestId('buy-open-invoice').click();
      const show = page.getByTestId('invoice-show');
      await show.waitFor();
      await show.getByTestId('invoice-title').getByText(`Invoice ${number}`).waitFor();
      await show.getByTestId('invoice-status').getByText('Open').waitFor();
      for (const action of ['invoice-actions', 'invoice-mark-paid', 'invoice-cancel', 'invoice-dunning']) {
        assert.equal(await show.getByTestId(action).count(), 0, action);
      }
      const [fromPage] = await Promise.all([
        page.waitForEvent('download'),
        show.getByTestId('invoice-pdf-download').click(),
      ]);
      assert.equal(fromPage.suggestedFilename(), `invoice-${number}.pdf`);

      // Invoices is in the practice's menu; the list shows the invoice, open, and no staff tools.
      await page.getByTestId('nav-menu').getByRole('link', { name: 'Invoices' }).click();
      await page.getByTestId('invoices-page').waitFor();
      assert.equal(pathOf(page), '/invoices');
      const row = page.getByTestId('invoice-row').filter({ hasText: number });
      await row.waitFor();
      await row.getByTestId('invoice-status').getByText('Open').waitFor();
      assert.equal(await page.getByTestId('invoices-csv').count(), 0);
      assert.equal(await page.getByTestId('invoice-create').count(), 0);
      const listViolations = await runAxe(page);
      assert.equal(listViolations.length, 0, formatViolations(listViolations).join('\n'));

      // The PDF downloads from the list too, and is a PDF.
      const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('invoice-row-pdf').click()]);
      assert.equal(download.suggestedFilename(), `invoice-${number}.pdf`);
      const pdf = await readFile((await download.path())!);
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    },
  );
});
