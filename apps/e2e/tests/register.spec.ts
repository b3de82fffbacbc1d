import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { NEW_USER_PASSWORD, uniqueMail } from '../support/env';
import { useBrowser } from '../support/fixture';
import { fillRegistration, openRegistration } from '../support/registration';
import { loginViaUi, pathOf, waitForPath } from '../support/ui';

describe('registration form', () => {
  const { e2e } = useBrowser('registration-form');

  e2e('a confirmation that does not match is refused', async ({ page }) => {
    await openRegistration(page);
    await fillRegistration(page, {
      companyName: 'Mismatch Dental',
      mail: uniqueMail(),
      password: NEW_USER_PASSWORD,
      confirmation: 'E2e#Other123',
    });
    await page.getByTestId('password-rules').waitFor();
    await page.getByTestId('register-submit').click();

    await page.getByText('Password and confirmation must match').waitFor();
    assert.equal(pathOf(page), '/register');
  });

  e2e(
    'a valid registration without a VAT id returns to the login page and the new user can sign in',
    async ({ page }) => {
      const mail = uniqueMail();
      await openRegistration(page);
      await fillRegistration(page, { companyName: 'No VAT Dental', mail, password: NEW_USER_PASSWORD });
      await page.getByTestId('register-submit').click();

      await page.getByTestId('notification-success').waitFor();
      await waitForPath(page, '/');
      await page.getByTestId('login-form').waitFor();

      await loginViaUi(page, mail, NEW_USER_PASSWORD);
      assert.match((await page.getByTestId('home-welcome').textContent()) ?? '', new RegExp(`Welcome, ${mail}`));
    },
  );
});
