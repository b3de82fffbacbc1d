import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { apiCall } from '../support/api';
import { ADMIN, baseUrl, NEW_USER_PASSWORD, uniqueMail } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi, PASSWORD_LABEL, pathOf, waitForPath } from '../support/ui';

/** POST /auth/token with client credentials, form-encoded as OAuth 2 clients send it. */
async function exchange(clientId: string, clientSecret: string) {
  const response = await fetch(`${baseUrl()}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });
  return { status: response.status, body: (await response.json()) as { access_token?: string; error?: string } };
}

describe('identity administration', () => {
  const { e2e } = useBrowser('identity administration');

  e2e('a role with two permissions, a user holding it, and exactly those routes open to the user', async ({ page }) => {
    const roleName = `e2e-${Date.now().toString(36)}`;
    const mail = uniqueMail('identity');
    await loginViaUi(page, ADMIN.mail, ADMIN.password);

    await gotoPath(page, '/roles/create');
    await page.getByTestId('role-name').fill(roleName);
    await page.getByTestId('role-title').fill(`Role ${roleName}`);
    await page.getByRole('checkbox', { name: 'list-users', exact: true }).check();
    await page.getByRole('checkbox', { name: 'list-roles', exact: true }).check();
    await page.getByTestId('role-submit').click();
    await waitForPath(page, '/roles');
    await page.getByTestId('notification-success').first().waitFor();

    await gotoPath(page, '/users/create');
    await page.getByTestId('user-mode-password').check();
    await page.getByTestId('user-mail').fill(mail);
    await page.getByTestId('user-form').getByLabel(PASSWORD_LABEL).fill(NEW_USER_PASSWORD);
    await page.getByTestId('user-roles').click();
    await page.getByRole('option', { name: `Role ${roleName}` }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('user-submit').click();
    await page.getByTestId('user-show').getByText(roleName).waitFor();

    // Logout is local (spec section 4): the stored session goes.
    await page.evaluate(() => localStorage.clear());
    await loginViaUi(page, mail, NEW_USER_PASSWORD);

    await gotoPath(page, '/users');
    await page.getByTestId('users-table').waitFor();
    assert.equal(pathOf(page), '/users');
    await gotoPath(page, '/roles');
    await page.getByTestId('roles-table').getByText(roleName, { exact: true }).waitFor();
    for (const closed of ['/permissions', '/api-keys', '/users/create', '/roles/create']) {
      await gotoPath(page, closed);
      await waitForPath(page, '/error-404');
    }
    // The server agrees: a call outside the role's permissions is refused.
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('cuspid.session'))) ?? '{}').token;
    assert.equal((await apiCall('GET', '/auth/list-api-tokens', { token })).status, 403);
  });

  e2e(
    'an API key: its secret shown once gets a token; revoked, the token and the secret are refused',
    async ({ page }) => {
      await loginViaUi(page, ADMIN.mail, ADMIN.password);
      await gotoPath(page, '/api-keys/create');
      const name = `e2e key ${Date.now().toString(36)}`;
      await page.getByTestId('api-key-name').fill(name);
      await page.getByTestId('api-key-scopes').click();
      await page.getByRole('option', { name: 'list-users', exact: true }).click();
      await page.keyboard.press('Escape');
      await page.getByTestId('api-key-submit').click();
      const clientId = (await page.getByTestId('secret-client-id').textContent())?.trim() ?? '';
      const secret = (await page.getByTestId('secret-value').textContent())?.trim() ?? '';
      assert.match(secret, /^cs_/);
      await page.getByTestId('secret-done').click();
      await waitForPath(page, '/api-keys');

      const granted = await exchange(clientId, secret);
      assert.equal(granted.status, 200);
      const token = granted.body.access_token!;
      assert.equal((await apiCall('GET', '/auth/list-users', { token })).status, 200);
      assert.equal((await apiCall('GET', '/auth/list-roles', { token })).status, 403);

      await page.getByTestId('api-keys-search').fill(name);
      const row = page.getByTestId('api-keys-row').filter({ hasText: name });
      await row.waitFor();
      await row.getByTestId('api-key-revoke').click();
      await row.getByTestId('api-key-status').getByText('Revoked').waitFor();

      assert.equal((await apiCall('GET', '/auth/list-users', { token })).status, 419);
      const refused = await exchange(clientId, secret);
      assert.equal(refused.status, 401);
      assert.equal(refused.body.error, 'invalid_client');
    },
  );
});
