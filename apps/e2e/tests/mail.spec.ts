import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { apiCall } from '../support/api';
import { ADMIN, NEW_USER_PASSWORD, uniqueMail } from '../support/env';
import { useBrowser } from '../support/fixture';
import { networkIdle } from '../support/network';
import { gotoPath, loginViaUi, waitForPath } from '../support/ui';

describe('mail', () => {
  const { e2e } = useBrowser('mail');

  e2e(
    'an admin edits the German welcome template, a user registers in German and the admin sees that mail',
    async ({ page }) => {
      const marker = Date.now().toString(36);
      const subject = `Willkommen ${marker}, {{ mail }}`;
      const body = `<p>Hallo {{ mail }}, Ihr Konto ist bereit (${marker}).</p>`;

      await loginViaUi(page, ADMIN.mail, ADMIN.password);
      await gotoPath(page, '/mail-templates');
      await page.getByTestId('mail-templates-page').waitFor();
      await page.getByLabel('Search').fill('Registration welcome');
      // The search reaches the URL after its debounce and then the server: click in the list it answers, not in
      // the one it replaces (on a busy machine the rows moved under the pointer).
      await page.waitForURL((url) => url.searchParams.get('q') === 'Registration welcome', { waitUntil: 'commit' });
      await networkIdle(page);
      await page.getByRole('link', { name: 'Registration welcome', exact: true }).click();
      await page.waitForURL(/\/mail-templates\/[0-9a-f-]+\/edit$/, { waitUntil: 'commit' });
      await page.getByTestId('mail-template-form').waitFor();

      await page.getByTestId('mail-template-language').getByText('Deutsch').click();
      const subjectInput = page.getByRole('textbox', { name: 'Subject' });
      await subjectInput.waitFor();
      assert.equal(await subjectInput.inputValue(), 'Willkommen bei Cuspid');
      await subjectInput.fill(subject);
      await page.getByRole('textbox', { name: 'Body (HTML)' }).fill(body);
      // The live preview renders the German version with the example values.
      await page.getByTestId('mail-preview-subject').getByText(`Willkommen ${marker}, anna@example.com`).waitFor();
      await page.getByTestId('mail-template-save').click();
      await page.getByTestId('notification-success').waitFor();

      const mail = uniqueMail('welcome');
      const registered = await apiCall('POST', '/auth/create-user', {
        body: { mail, password: NEW_USER_PASSWORD, contact_language: 'de' },
      });
      assert.equal(registered.status, 201);

      await gotoPath(page, '/sent-mails');
      await waitForPath(page, '/sent-mails');
      await page.getByLabel('Search').fill(mail);
      const row = page.getByTestId('sent-mail-row').filter({ hasText: mail });
      // Delivery runs in the background job; the list refreshes itself.
      await row.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });
      assert.match((await row.textContent()) ?? '', /de/);
      await row.getByRole('button', { name: `Willkommen ${marker}, ${mail}` }).click();
      const detail = page.getByTestId('sent-mail-detail');
      await detail.waitFor();
      assert.match(
        (await detail.getByTestId('sent-mail-text').textContent()) ?? '',
        new RegExp(`Hallo ${mail.replace(/[.]/g, '\\.')}, Ihr Konto ist bereit \\(${marker}\\)`),
      );
    },
    { timeout: 120_000 },
  );
});
