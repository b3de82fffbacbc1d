import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { NEW_USER_PASSWORD, uniqueMail } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi, PASSWORD_CONFIRMATION_LABEL, PASSWORD_LABEL, pathOf, waitForPath } from '../support/ui';

async function openRegistration(page: Page): Promise<void> {
  await gotoPath(page, '/');
  await page.getByTestId('register-link').click();
  await waitForPath(page, '/register');
  await page.getByTestId('register-form').waitFor();
}

async function fillRegistration(page: Page, mail: string, password: string, confirmation: string): Promise<void> {
  const form = page.getByTestId('register-form');
  await form.getByLabel('Email').fill(mail);
  await form.getByLabel(PASSWORD_LABEL).fill(password);
  await form.getByLabel(PASSWORD_CONFIRMATION_LABEL).fill(confirmation);
}

describe('registration', () => {
  const { e2e } = useBrowser('registration');

  e2e('a confirmation that does not match is refused', async ({ page }) => {
    await openRegistration(page);
    await fillRegistration(page, uniqueMail(), NEW_USER_PASSWORD, 'E2e#Other123');
    await page.getByTestId('password-rules').waitFor();
    await page.getByTestId('register-submit').click();

    await page.getByText('Password and confirmation must match').waitFor();
    assert.equal(pathOf(page), '/register');
  });

  e2e('a valid registration returns to the login page and the new user can sign in', async ({ page }) => {
    const mail = uniqueMail();
    await openRegistration(page);
    await fillRegistration(page, mail, NEW_USER_PASSWORD, NEW_USER_PASSWORD);
    await page.getByTestId('register-submit').click();

    await page.getByTestId('notification-success').waitFor();
    await waitForPath(page, '/');
    await page.getByTestId('login-form').waitFor();

    await loginViaUi(page, mail, NEW_USER_PASSWORD);
    assert.match((await page.getByTestId('home-welcome').textContent()) ?? '', new RegExp(`Welcome, ${mail}`));
  });
});
