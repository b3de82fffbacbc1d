import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { apiCall, loginApi } from '../support/api';
import { ADMIN } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi, waitForPath } from '../support/ui';

describe('customer notes and activities', () => {
  const { e2e } = useBrowser('customer-notes');

  e2e(
    'an admin adds a note and an activity to a company, marks the activity done and finds both after a reload',
    async ({ page }) => {
      const tag = Date.now().toString(36);
      const token = await loginApi(ADMIN.mail, ADMIN.password);
      const created = await apiCall<{ id: string }>('POST', '/api/companies', {
        token,
        body: { company_name: `Notes ${tag}`, country: 'DE' },
      });
      assert.equal(created.status, 201);
      const id = created.body.id;

      await loginViaUi(page, ADMIN.mail, ADMIN.password);
      await gotoPath(page, `/customers/${id}/show`);
      await page.getByTestId('customer-show').waitFor();
      await page.getByRole('tab', { name: 'Notes and activities' }).click();
      await waitForPath(page, `/customers/${id}/show`);
      await page.getByTestId('crm-empty').waitFor();

      const noteForm = page.getByTestId('crm-note-form');
      await noteForm.getByLabel(/^Note/).fill(`Prefers calls before noon ${tag}`);
      await noteForm.getByRole('button', { name: 'Add note' }).click();
      await page.getByText('The note was added').waitFor();

      const activityForm = page.getByTestId('crm-activity-form');
      await activityForm.getByLabel('Type').selectOption('call');
      await activityForm.getByLabel(/^Subject/).fill(`Offer follow-up ${tag}`);
      await activityForm.getByLabel('Details').fill('Ask whether the offer arrived');
      await activityForm.getByLabel('Due').fill('2030-03-04T10:30');
      await activityForm.getByRole('button', { name: 'Save activity' }).click();
      await page.getByText('The activity was scheduled').waitFor();

      const entries = page.getByTestId('crm-entry');
      const activityEntry = entries.filter({ hasText: `Offer follow-up ${tag}` });
      await activityEntry.getByText(/^Due /).waitFor();
      await activityEntry.getByRole('button', { name: 'Mark as done' }).click();
      await page.getByText('The activity is done').waitFor();
      await activityEntry.getByText(/^Done /).waitFor();

      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByTestId('crm-timeline').waitFor();
      assert.match(page.url(), /[?&]tab=notes/);
      await entries.nth(1).waitFor();
      assert.equal(await entries.count(), 2);
      // Newest first: the activity was written after the note.
      await entries.nth(0).getByText(`Offer follow-up ${tag}`).waitFor();
      await entries
        .nth(0)
        .getByText(/^Done /)
        .waitFor();
      await entries.nth(0).getByRole('button', { name: 'Open again' }).waitFor();
      await entries.nth(1).getByText(`Prefers calls before noon ${tag}`).waitFor();

      const timeline = await apiCall<{ total: number }>('GET', `/api/customer-timeline?company_id=${id}`, { token });
      assert.equal(timeline.body.total, 2);
    },
    { timeout: 120_000 },
  );
});
