import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { apiCall, loginApi } from '../support/api';
import { ADMIN, INVALID_VAT_ID, NEW_USER_PASSWORD, uniqueMail, VALID_VAT_ID } from '../support/env';
import { useBrowser } from '../support/fixture';
import { fillRegistration, openRegistration } from '../support/registration';
import { gotoPath, loginViaUi, pathOf, waitForPath } from '../support/ui';

/** How many companies carry this name (asked as the back office). */
async function companiesNamed(name: string): Promise<number> {
  const token = await loginApi(ADMIN.mail, ADMIN.password);
  const response = await apiCall<{ total: number }>('GET', `/api/companies?search=${encodeURIComponent(name)}`, {
    token,
  });
  assert.equal(response.status, 200);
  return response.body.total;
}

describe('company registration', () => {
  const { e2e } = useBrowser('company-registration');

  e2e('a new practice registers with captcha and a valid VAT id, signs in and sees its company', async ({ page }) => {
    const mail = uniqueMail('practice');
    const companyName = `Praxis ${mail.slice(9, 17)}`;
    await openRegistration(page);
    await fillRegistration(page, { companyName, vatId: VALID_VAT_ID, mail, password: NEW_USER_PASSWORD });
    await page.getByTestId('register-check-vat').click();
    await page.getByTestId('register-vat-valid').waitFor();
    await page.getByTestId('register-submit').click();

    await page.getByTestId('notification-success').waitFor();
    await waitForPath(page, '/');
    await loginViaUi(page, mail, NEW_USER_PASSWORD);
    await gotoPath(page, '/my-company');
    const details = page.getByTestId('my-company');
    await details.getByRole('heading', { name: companyName }).waitFor();
    await details.getByText(VALID_VAT_ID).waitFor();
  });

  e2e('an invalid VAT id gives a clear error and creates nothing', async ({ page }) => {
    const companyName = `Invalid VAT ${Date.now()}`;
    await openRegistration(page);
    await fillRegistration(page, {
      companyName,
      vatId: INVALID_VAT_ID,
      mail: uniqueMail(),
      password: NEW_USER_PASSWORD,
    });
    await page.getByTestId('register-submit').click();

    await page.getByTestId('register-form').getByText('The VAT id is not valid').first().waitFor();
    assert.equal(pathOf(page), '/register');
    assert.equal(await companiesNamed(companyName), 0);
  });

  e2e('a wrong captcha answer gives a clear error, shows a new image and creates nothing', async ({ page }) => {
    const companyName = `Wrong Captcha ${Date.now()}`;
    await openRegistration(page);
    await fillRegistration(page, {
      companyName,
      mail: uniqueMail(),
      password: NEW_USER_PASSWORD,
      captchaAnswer: 'wrong1',
    });
    const firstCaptcha = await page.getByTestId('register-captcha-image').getAttribute('data-captcha-id');
    await page.getByTestId('register-submit').click();

    await page.getByText('The captcha answer is wrong or expired. Please try the new image.').first().waitFor();
    assert.equal(pathOf(page), '/register');
    await page.waitForFunction(
      (previous) =>
        document.querySelector('[data-testid="register-captcha-image"]')?.getAttribute('data-captcha-id') !== previous,
      firstCaptcha,
    );
    assert.equal(await companiesNamed(companyName), 0);
  });
});
