import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { apiCall, loginApi } from '../support/api';
import { ADMIN, NEW_USER_PASSWORD, uniqueMail } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi } from '../support/ui';

describe('refused actions', () => {
  const { e2e } = useBrowser('refused actions');

  e2e('a German-speaking user reads why the server refused, in German, with what it names', async ({ page }) => {
    const admin = await loginApi(ADMIN.mail, ADMIN.password);
    const suffix = Date.now().toString(36);
    // A role that carries a permission the clerk does not hold (list-api-tokens)...
    const mighty = `e2e-mighty-${suffix}`;
    const created = await apiCall('POST', '/auth/create-role', {
      token: admin,
      body: { name: mighty, title: `Mighty ${suffix}`, permissions: ['list-roles', 'list-api-tokens'] },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    // ...and a clerk who may list and delete roles, and nothing more.
    const clerkRole = `e2e-clerk-${suffix}`;
    const clerkRoleCreated = await apiCall('POST', '/auth/create-role', {
      token: admin,
      body: { name: clerkRole, title: `Clerk ${suffix}`, permissions: ['list-roles', 'delete-role'] },
    });
    assert.equal(clerkRoleCreated.status, 201, JSON.stringify(clerkRoleCreated.body));
    const mail = uniqueMail('refusal');
    const user = await apiCall('POST', '/auth/create-user', {
      token: admin,
      body: { mail, password: NEW_USER_PASSWORD, first_name: 'Greta', contact_language: 'de', roles: [clerkRole] },
    });
    assert.equal(user.status, 201, JSON.stringify(user.body));

    await loginViaUi(page, mail, NEW_USER_PASSWORD);
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-de').click();
    await page.getByTestId('nav-link-home').getByText('Startseite').waitFor();

    await gotoPath(page, '/roles');
    const row = page.getByTestId('roles-table').getByRole('row').filter({ hasText: mighty });
    await row.waitFor();
    await row.getByRole('button').last().click();
    await page.getByTestId('confirm-delete-submit').click();

    const error = page.getByTestId('notification-error');
    await error.waitFor();
    const text = (await error.innerText()).trim();
    assert.match(text, /Diese Rolle trägt Berechtigungen, die Sie nicht haben \(list-api-tokens\)/);
    assert.doesNotMatch(text, /carries permissions you do not hold/);
    // Nothing was deleted.
    const roles = await apiCall<{ data: { name: string }[] }>('GET', `/auth/list-roles?search=${mighty}`, {
      token: admin,
    });
    assert.ok(roles.body.data.some((role) => role.name === mighty));
  });
});
