import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { newPage } from '../support/browser';
import { ADMIN, PRACTICE, STAFF } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi, pathOf } from '../support/ui';

describe('news and help content', () => {
  const { e2e } = useBrowser('news');

  e2e(
    'staff write a news item with formatting; the practice sees it on its home page, unread until opened',
    async ({ page, browser }) => {
      const subject = `Scanner update ${Date.now().toString(36)}`;

      await loginViaUi(page, STAFF.mail, STAFF.password);
      await gotoPath(page, '/news/create');
      const form = page.getByTestId('news-form');
      await form.waitFor();
      await form.getByRole('textbox', { name: /^Subject/ }).fill(subject);
      await form.getByRole('combobox', { name: /^Language/ }).selectOption('en');
      const editor = form.getByTestId('news-body-editor').locator('.ProseMirror');
      await editor.click();
      await editor.pressSequentially('We now read ');
      await form.getByRole('button', { name: 'Bold', exact: true }).click();
      await editor.pressSequentially('PLY files');
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The news item was saved').waitFor();
      const show = page.getByTestId('news-show');
      await show.waitFor();
      assert.match(pathOf(page), /^\/news\/[0-9a-f-]{36}\/show$/);
      await show.getByRole('heading', { name: subject }).waitFor();
      assert.equal(await show.getByTestId('news-show-body').locator('strong').textContent(), 'PLY files');

      const practice = await newPage(browser);
      try {
        const other = practice.page;
        await loginViaUi(other, PRACTICE.mail, PRACTICE.password);
        const item = other.getByTestId('news-feed-item').filter({ hasText: subject });
        await item.waitFor();
        await item.getByTestId('news-unread').waitFor();
        await item.getByRole('button', { name: new RegExp(subject) }).click();
        const body = item.getByTestId('news-feed-body');
        await body.waitFor();
        assert.equal(await body.locator('strong').textContent(), 'PLY files');
        await item.getByTestId('news-unread').waitFor({ state: 'detached' });
        // Read stays read.
        await other.reload();
        await other.getByTestId('news-feed-item').filter({ hasText: subject }).waitFor();
        assert.equal(
          await other.getByTestId('news-feed-item').filter({ hasText: subject }).getByTestId('news-unread').count(),
          0,
        );
      } finally {
        await practice.context.close().catch(() => {});
      }
    },
  );

  e2e('an administrator adds a question to the FAQ; the practice reads it', async ({ page, browser }) => {
    const question = `Where do I find my invoices? ${Date.now().toString(36)}`;

    await loginViaUi(page, ADMIN.mail, ADMIN.password);
    await gotoPath(page, '/global-configuration');
    const form = page.getByTestId('help-content-form');
    await form.waitFor();
    await form.getByTestId('faq-add-en').click();
    const entry = form.getByTestId('faq-entry').last();
    await entry.getByRole('textbox', { name: /^Question \d+/ }).fill(question);
    await entry.getByRole('textbox', { name: /^Answer/ }).fill('Under Billing, Invoices.');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The help content was saved').waitFor();

    const practice = await newPage(browser);
    try {
      const other = practice.page;
      await loginViaUi(other, PRACTICE.mail, PRACTICE.password);
      await gotoPath(other, '/faq');
      const list = other.getByTestId('faq-list');
      await list.waitFor();
      await list.getByRole('button', { name: question }).click();
      await list.getByText('Under Billing, Invoices.').waitFor();
      // The seeded questions are still there.
      await list.getByRole('button', { name: 'How do I send a case?' }).waitFor();
    } finally {
      await practice.context.close().catch(() => {});
    }
  });
});
