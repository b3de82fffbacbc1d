import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { newPage } from '../support/browser';
import { ADMIN, PRACTICE } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi, pathOf, waitForPath } from '../support/ui';

describe('coupon codes', () => {
  const { e2e } = useBrowser('coupons');

  e2e(
    'the admin creates a credits coupon; a practice redeems it on My company in lower case, once',
    async ({ page, browser }) => {
      const code = `WELCOME-${Date.now().toString(36).toUpperCase()}`;

      await loginViaUi(page, ADMIN.mail, ADMIN.password);
      await gotoPath(page, '/coupon-codes/create');
      const form = page.getByTestId('coupon-form');
      await form.waitFor();
      await form.getByRole('textbox', { name: /^Code/ }).fill(code);
      await form.getByRole('textbox', { name: /^Description/ }).fill('Welcome gift');
      await form.getByRole('textbox', { name: /^Credits/ }).fill('15');
      await form.getByRole('textbox', { name: /^Free users/ }).fill('10');
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The coupon code was saved').waitFor();
      const show = page.getByTestId('coupon-show');
      await show.waitFor();
      assert.match(pathOf(page), /^\/coupon-codes\/[0-9a-f-]{36}\/show$/);
      await show.getByRole('heading', { name: code }).waitFor();
      await show.getByText('Nobody has used this coupon yet.').waitFor();
      const couponPath = pathOf(page);

      const practice = await newPage(browser);
      try {
        const other = practice.page;
        await loginViaUi(other, PRACTICE.mail, PRACTICE.password);
        await gotoPath(other, '/my-company');
        const box = other.getByTestId('redeem-coupon');
        await box.waitFor();
        await box.getByTestId('redeem-coupon-code').fill(code.toLowerCase());
        await box.getByTestId('redeem-coupon-submit').click();
        await other.getByText('15 free credits were added to your company').waitFor();

        await box.getByTestId('redeem-coupon-code').fill(code.toLowerCase());
        await box.getByTestId('redeem-coupon-submit').click();
        await box.getByText('This company has already used this coupon').waitFor();

        // The credits arrived in the company's ledger, with the coupon named.
        await gotoPath(other, '/credits');
        await other.getByText(`Coupon ${code}`).first().waitFor();
      } finally {
        await practice.context.close().catch(() => {});
      }

      await gotoPath(page, couponPath);
      await waitForPath(page, couponPath);
      const rows = page.getByTestId('coupon-history-row');
      await rows.first().waitFor();
      assert.equal(await rows.count(), 1);
      await rows.first().getByText('15 free credits').waitFor();
    },
  );
});
