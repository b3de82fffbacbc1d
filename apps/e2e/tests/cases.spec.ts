import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { apiCall, loginApi } from '../support/api';
import { grantCredits, jawScan, sendScanApi } from '../support/cases';
import { ADMIN, PRACTICE } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi } from '../support/ui';

type Balance = { balances: { free: number; paid: number }; total: number };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('cases', () => {
  const { e2e } = useBrowser('cases');

  e2e(
    'a practice uploads two jaws, picks three teeth, sees the price, submits, watches the case reach approval live, rates, approves and downloads it',
    async ({ page }) => {
      const adminToken = await loginApi(ADMIN.mail, ADMIN.password);
      const practiceToken = await loginApi(PRACTICE.mail, PRACTICE.password);
      const company = await apiCall<{ id: string }>('GET', '/api/my-company', { token: practiceToken });
      await grantCredits(adminToken, company.body.id, 200, 'Cases e2e');
      const name = `Crowns ${Date.now().toString(36)}`;

      await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
      await gotoPath(page, '/my-cases/create');
      const form = page.getByTestId('case-form');
      await form.waitFor();
      await form.getByLabel(/^Case name/).fill(name);
      await form
        .getByLabel(/^Patient/)
        .first()
        .fill('P-2026-0042');

      // Both scans through the resumable upload, each with its progress bar and the server's checksum check.
      // 200,000 triangles each, the size of a real single-arch scan (100,000 to 300,000).
      await page
        .getByTestId('case-scans-field')
        .locator('input[type="file"]')
        .setInputFiles([
          { name: 'Smith_UpperJaw.stl', mimeType: 'model/stl', buffer: jawScan('upper', 200_000) },
          { name: 'Smith_LowerJaw.stl', mimeType: 'model/stl', buffer: jawScan('lower', 200_000) },
        ]);
      for (const file of ['Smith_UpperJaw.stl', 'Smith_LowerJaw.stl']) {
        await page.getByRole('progressbar', { name: `Upload progress of ${file}` }).waitFor();
      }
      await page
        .getByText(/uploaded and checked/)
        .nth(1)
        .waitFor({ timeout: 30_000 });
      await page.getByTestId('case-scans-state').getByText('Upper jaw: uploaded · Lower jaw: uploaded').waitFor();

      for (const tooth of [11, 21, 36]) await page.getByRole('button', { name: `Tooth ${tooth}`, exact: true }).click();
      const price = await apiCall<{ credits: number }>('POST', '/api/case-price', {
        token: practiceToken,
        body: { upper_teeth: [11, 21], lower_teeth: [36] },
      });
      await page.getByTestId('case-price-credits').getByText(String(price.body.credits)).waitFor();
      const before = await apiCall<Balance>('GET', '/api/get-credits', { token: practiceToken });

      // Every status the case page's badge shows, recorded in the page from before the submission (the app
      // navigates without a reload, so the record lives on): the updates must come without a reload.
      // (A string: the test's compiler wraps named functions in a helper the page does not have.)
      await page.evaluate(`(() => {
        const seen = [];
        window.seenStatuses = seen;
        const record = () => {
          const text = document.querySelector('[data-testid="case-show-page"] [data-testid="case-status"]')?.textContent;
          if (text && seen[seen.length - 1] !== text) seen.push(text);
        };
        new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
      })()`);
      await page.getByTestId('case-submit').click();
      await page.waitForURL(/\/my-cases\/[0-9a-f-]{36}\/show$/, { waitUntil: 'commit' });
      const id = page.url().split('/').at(-2)!;
      await page
        .getByTestId('case-show-page')
        .getByTestId('case-status')
        .getByText('In approval')
        .first()
        .waitFor({ timeout: 60_000 });
      const seen = (await page.evaluate('window.seenStatuses')) as string[];
      console.info(`statuses seen live: ${seen.join(' → ')}`);
      // The processing was watched live: at least the engine's work, in the machine's order, up to approval.
      const order = ['Queued', 'In progress', 'Done', 'In approval'];
      assert.ok(seen.includes('In progress'), `statuses seen: ${seen.join(' → ')}`);
      assert.equal(seen.at(-1), 'In approval', `statuses seen: ${seen.join(' → ')}`);
      assert.deepEqual(
        seen,
        order.filter((status) => seen.includes(status)),
        `statuses seen: ${seen.join(' → ')}`,
      );
      const logs = await apiCall<{ data: { from_status: string | null; to_status: string | null }[] }>(
        'GET',
        `/api/case-logs/${id}`,
        { token: practiceToken },
      );
      assert.deepEqual(
        logs.body.data
          .filter((l) => l.to_status)
          .map((l) => `${l.from_status ?? 'new'} → ${l.to_status}`)
          .reverse(),
        ['new → queued', 'queued → in-progress', 'in-progress → done', 'done → in-approval'],
      );
      const after = await apiCall<Balance>('GET', '/api/get-credits', { token: practiceToken });
      assert.equal(before.body.total - after.body.total, price.body.credits);

      // Rate, approve and download the result.
      const rating = page.getByTestId('rating-form');
      await rating.waitFor();
      // Mantine's stars are visually hidden radios: the user clicks the star drawn for one.
      const starId = await rating.getByLabel('4 stars', { exact: true }).getAttribute('id');
      await rating.locator(`label[for="${starId}"]`).click();
      await rating.getByLabel('Margin').check();
      await rating.getByRole('button', { name: 'Save rating' }).click();
      await page.getByText('Thank you: the rating was saved').waitFor();

      // The back office locks the case: the open page follows through the case events stream, offering the
      // practice nothing the lock refuses; unlocking brings the actions back, without a reload.
      const caseId = /\/my-cases\/([0-9a-f-]{36})\/show/.exec(page.url())?.[1];
      assert.ok(caseId, `the case page's address names the case: ${page.url()}`);
      const lockCall = await apiCall('POST', `/api/cases/lock/${caseId}`, { token: adminToken });
      assert.equal(lockCall.status, 200);
      await page.getByTestId('case-locked').waitFor({ timeout: 5_000 });
      assert.equal(await page.getByTestId('case-approve').count(), 0);
      assert.equal(await page.getByTestId('case-recalculate').count(), 0);
      assert.equal(await page.getByTestId('case-unlock').count(), 0);
      const unlockCall = await apiCall('POST', `/api/cases/unlock/${caseId}`, { token: adminToken });
      assert.equal(unlockCall.status, 200);
      await page.getByTestId('case-locked').waitFor({ state: 'detached', timeout: 5_000 });

      // Approving asks first, naming what follows; the practice then marks the case finished.
      await page.getByTestId('case-approve').click();
      await page
        .getByTestId('case-approve-dialog')
        .getByText(/mark the case finished/)
        .waitFor();
      await page.getByTestId('case-approve-confirm').click();
      await page.getByText('The case was approved').waitFor();
      await page.getByTestId('case-show-page').getByTestId('case-status').getByText('Approved').first().waitFor();
      await page.getByTestId('case-finish').click();
      await page.getByTestId('case-finish-confirm').click();
      await page.getByTestId('case-show-page').getByTestId('case-status').getByText('Finished').first().waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('result-zip').click()]);
      assert.match(download.suggestedFilename(), /\.zip$/);
      const path = await download.path();
      assert.ok(path, 'the ZIP was saved');
    },
  );

  e2e(
    'a renamed PNG is refused when its upload completes, with the reason on the file, and charges nothing',
    async ({ page }) => {
      const adminToken = await loginApi(ADMIN.mail, ADMIN.password);
      const practiceToken = await loginApi(PRACTICE.mail, PRACTICE.password);
      const company = await apiCall<{ id: string }>('GET', '/api/my-company', { token: practiceToken });
      await grantCredits(adminToken, company.body.id, 50, 'Cases e2e (PNG)');
      const before = await apiCall<Balance>('GET', '/api/get-credits', { token: practiceToken });

      // In the uploader: the server's reason on the file, never "uploaded and checked".
      await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
      await gotoPath(page, '/my-cases/create');
      await page.getByTestId('case-form').waitFor();
      await page
        .getByTestId('case-scans-field')
        .locator('input[type="file"]')
        .setInputFiles([{ name: 'Smile.stl', mimeType: 'model/stl', buffer: PNG }]);
      await page.getByText('Not a scan file: Smile.stl is not an STL, PLY or OBJ mesh').waitFor({ timeout: 30_000 });
      assert.equal(await page.getByText(/uploaded and checked/).count(), 0);

      // Through the API: the last byte is answered with the refusal, and a case with the upload is refused unpriced.
      const { id, sent } = await sendScanApi(practiceToken, PNG, 'upper.stl');
      assert.equal(sent.status, 422);
      assert.equal(((await sent.json()) as { code: string }).code, 'UPLOAD_NOT_A_SCAN');
      const created = await apiCall<{ code: string }>('POST', '/api/case-lists', {
        token: practiceToken,
        body: { name: 'Not a scan', patient: 'P-png', upper_teeth: [11], lower_teeth: [], upper_upload_id: id },
      });
      assert.equal(created.status, 400);
      assert.equal(created.body.code, 'CASE_UPLOAD_UNUSABLE');
      const after = await apiCall<Balance>('GET', '/api/get-credits', { token: practiceToken });
      assert.equal(after.body.total, before.body.total);
    },
  );
});
