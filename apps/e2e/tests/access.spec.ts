import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { ADMIN, PRACTICE } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi, pathOf, waitForPath } from '../support/ui';

describe('route access', () => {
  const { e2e } = useBrowser('route access');

  e2e('a user without list-permissions opening /permissions lands on /error-404', async ({ page }) => {
    await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
    await gotoPath(page, '/permissions');
    await waitForPath(page, '/error-404');
    await page.getByTestId('not-found-page').waitFor();
  });

  e2e('the admin opening /permissions sees the permissions list', async ({ page }) => {
    await loginViaUi(page, ADMIN.mail, ADMIN.password);
    // Searched, so the row is on the first page however many permissions the catalogue holds.
    await gotoPath(page, '/permissions?q=backoffice-company');
    await page.getByRole('table').getByText('backoffice-company', { exact: true }).first().waitFor();
    assert.equal(pathOf(page), '/permissions');
  });

  e2e('an unknown path goes to /error-404', async ({ page }) => {
    await gotoPath(page, '/no-such-page');
    await waitForPath(page, '/error-404');
    await page.getByTestId('not-found-page').waitFor();
  });

  e2e('an unsigned user opening /home is sent to the login page', async ({ page }) => {
    await gotoPath(page, '/home');
    await waitForPath(page, '/');
    await page.getByTestId('login-form').waitFor();
    assert.equal(await page.getByTestId('app-shell').count(), 0);
  });
});
