import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { changePasswordApi, loginApi, registerUser } from '../support/api';
import { NEW_USER_PASSWORD, STORAGE_KEYS, uniqueMail } from '../support/env';
import { useBrowser } from '../support/fixture';
import { localStorageItem, loginViaUi, pathOf, waitForPath } from '../support/ui';

describe('session expiry', () => {
  const { e2e } = useBrowser('session expiry');

  e2e('a session revoked on the server clears storage and returns to the login page', async ({ page }) => {
    const mail = uniqueMail();
    await registerUser(mail, NEW_USER_PASSWORD);
    await loginViaUi(page, mail, NEW_USER_PASSWORD);
    assert.notEqual(await localStorageItem(page, STORAGE_KEYS.session), null);

    // Another sign-in of the same user changes the password: the server revokes every other session.
    const token = await loginApi(mail, NEW_USER_PASSWORD);
    await changePasswordApi(token, NEW_USER_PASSWORD, 'E2e#Pass456');

    // The account settings page loads the profile with the revoked session.
    await page.getByTestId('nav-link-account-setting').click();
    await waitForPath(page, '/');
    await page.getByTestId('login-form').waitFor();
    assert.equal(pathOf(page), '/');
    assert.equal(await localStorageItem(page, STORAGE_KEYS.session), null);
    const toast = page.getByTestId('notification-relogin');
    await toast.waitFor();
    assert.match((await toast.textContent()) ?? '', /You need to relogin/);
  });
});
