import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { ADMIN } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi, pathOf, submitLogin } from '../support/ui';

describe('sign-in', () => {
  const { e2e } = useBrowser('sign-in');

  e2e('the demo admin signs in through the login form and is welcomed on /home', async ({ page }) => {
    await gotoPath(page, '/');
    await page.getByTestId('login-form').waitFor();
    await loginViaUi(page, ADMIN.mail, ADMIN.password);

    assert.equal(pathOf(page), '/home');
    const welcome = page.getByTestId('home-welcome');
    assert.match((await welcome.textContent()) ?? '', /Welcome, Ada\b/);
    await page.getByText('Cuspid Operations').first().waitFor();
    await page.getByTestId('account-summary').waitFor();
    await page.getByTestId('app-shell').waitFor();
    await page.getByTestId('nav-menu').waitFor();
  });

  e2e('the empty login form shows the required-field messages', async ({ page }) => {
    await gotoPath(page, '/');
    await page.getByTestId('login-form').waitFor();
    await page.getByTestId('login-submit').click();

    await page.getByText('The Email field is required').waitFor();
    await page.getByText('The Password field is required').waitFor();
    assert.equal(pathOf(page), '/');
  });

  e2e('a wrong password shows an error toast and stays on the login page', async ({ page }) => {
    await submitLogin(page, ADMIN.mail, 'Wrong#Password9');

    const toast = page.getByTestId('notification-error');
    await toast.waitFor();
    assert.match((await toast.textContent()) ?? '', /mail or password is wrong/i);
    assert.equal(pathOf(page), '/');
    assert.equal(await page.evaluate(() => localStorage.getItem('cuspid.session')), null);
    await page.getByTestId('login-form').waitFor();
  });
});
