import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { apiCall, changePasswordApi, loginApi, registerUser } from '../support/api';
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

    // The open page learns it at once: the case events stream ends with the session and the app signs out.
    await waitForPath(page, '/');
    await page.getByTestId('login-form').waitFor();
    assert.equal(pathOf(page), '/');
    assert.equal(await localStorageItem(page, STORAGE_KEYS.session), null);
    const toast = page.getByTestId('notification-relogin');
    await toast.waitFor();
    assert.match((await toast.textContent()) ?? '', /You need to relogin/);
  });

  e2e(
    'logout ends the session on the server: its access token answers 419, its refresh token 401',
    async ({ page }) => {
      const mail = uniqueMail();
      await registerUser(mail, NEW_USER_PASSWORD);
      await loginViaUi(page, mail, NEW_USER_PASSWORD);
      const stored = JSON.parse((await localStorageItem(page, STORAGE_KEYS.session)) ?? '{}');
      assert.equal((await apiCall('GET', '/auth/profile', { token: stored.token })).status, 200);

      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout-button').click();
      await waitForPath(page, '/');
      await page.getByTestId('login-form').waitFor();
      assert.equal(await localStorageItem(page, STORAGE_KEYS.session), null);

      // A copy of the tokens taken before the logout no longer works.
      const profile = await apiCall<{ code: string }>('GET', '/auth/profile', { token: stored.token });
      assert.equal(profile.status, 419);
      assert.equal(profile.body.code, 'SESSION_EXPIRED');
      const refresh = await apiCall('POST', '/auth/refresh-token', { body: { refresh_token: stored.refresh_token } });
      assert.equal(refresh.status, 401);
    },
  );
});
