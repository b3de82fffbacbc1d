import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { apiCall, loginApi } from '../support/api';
import { ADMIN } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi, waitForPath } from '../support/ui';

describe('audit trail', () => {
  const { e2e } = useBrowser('audit-log');

  e2e(
    'an admin changes a company and finds the change with its old and new value in the audit trail',
    async ({ page }) => {
      const name = `Audit ${Date.now().toString(36)}`;
      const token = await loginApi(ADMIN.mail, ADMIN.password);
      const created = await apiCall<{ id: string }>('POST', '/api/companies', {
        token,
        body: { company_name: name, country: 'DE' },
      });
      assert.equal(created.status, 201);
      const id = created.body.id;
      const updated = await apiCall('PUT', `/api/companies/${id}`, { token, body: { city: 'Bonn' } });
      assert.equal(updated.status, 200);

      await loginViaUi(page, ADMIN.mail, ADMIN.password);
      await gotoPath(page, `/audit-log?entity=company&entity_id=${id}`);
      await page.getByTestId('audit-log-page').waitFor();
      const rows = page.getByTestId('audit-log-row');
      await rows.first().getByText('Updated').waitFor();
      assert.equal(await rows.count(), 2);
      await rows.first().getByRole('button').first().click();
      const change = page.getByTestId('audit-change-row').filter({ hasText: 'city' });
      await change.getByText('Bonn').waitFor();
      await page.keyboard.press('Escape');

      // The acting user is chosen by mail; the filter keeps their id in the URL.
      await page.getByTestId('audit-filter-actor').fill(ADMIN.mail);
      await page.getByRole('option').filter({ hasText: ADMIN.mail }).first().click();
      await page.waitForURL(/[?&]actor=[0-9a-f-]{36}/, { waitUntil: 'commit' });
      assert.match(page.url(), new RegExp(`entity_id=${id}`));
      await rows.first().getByText('Updated').waitFor();
      assert.equal(await rows.count(), 2);

      // The record id opens the company's page.
      await rows.first().getByTestId('audit-record-link').click();
      await waitForPath(page, `/customers/${id}/show`);
    },
    { timeout: 120_000 },
  );
});
