import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { generate } from 'otplib';
import { registerUser } from '../support/api';
import { NEW_USER_PASSWORD, STORAGE_KEYS, uniqueMail } from '../support/env';
import { useBrowser } from '../support/fixture';
import { localStorageItem, loginViaUi, PASSWORD_LABEL, submitLogin, waitForPath } from '../support/ui';

/** The app code of the current 30-second step plus `offset` steps, as an authenticator app computes it. */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

describe('two-factor sign-in', () => {
  const { e2e } = useBrowser('two-factor sign-in');

  e2e(
    'a user turns it on, signs out, and signs in with password and app code; a wrong code is refused',
    async ({ page }) => {
      const mail = uniqueMail('e2e-2fa');
      await registerUser(mail, NEW_USER_PASSWORD);
      await loginViaUi(page, mail, NEW_USER_PASSWORD);

      // Account settings: password again, then the QR code with the secret in text.
      await page.getByTestId('nav-link-account-setting').click();
      await waitForPath(page, '/account-setting');
      const card = page.getByTestId('two-factor-card');
      await card.getByTestId('two-factor-start').click();
      await card.getByLabel(PASSWORD_LABEL).fill(NEW_USER_PASSWORD);
      await card.getByTestId('two-factor-password-submit').click();
      await card.getByTestId('two-factor-qr').waitFor();
      const secret = (await card.getByTestId('two-factor-secret').textContent())?.replace(/\s/g, '') ?? '';
      assert.match(secret, /^[A-Z2-7]{32}$/);

      await card.getByLabel(/^Authentication code/).fill(await codeAt(secret));
      await card.getByTestId('two-factor-enable-submit').click();
      const codes = card.getByTestId('recovery-code');
      await codes.first().waitFor();
      assert.equal(await codes.count(), 10);
      await card.getByTestId('recovery-codes-done').click();
      await card.getByTestId('recovery-remaining').waitFor();
      assert.match((await card.getByTestId('two-factor-state').textContent()) ?? '', /On/);

      // Sign out; the password alone no longer signs in.
      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout-button').click();
      await waitForPath(page, '/');
      await submitLogin(page, mail, NEW_USER_PASSWORD);
      const step = page.getByTestId('two-factor-form');
      await step.waitFor();
      assert.equal(await localStorageItem(page, STORAGE_KEYS.session), null);

      // A wrong code: a clear message beside the field, still signed out.
      const near = await Promise.all([-1, 0, 1, 2].map((offset) => codeAt(secret, offset)));
      const wrong = ['000000', '111111', '222222'].find((code) => !near.includes(code)) ?? '333333';
      await step.getByLabel(/^Authentication code/).fill(wrong);
      await step.getByTestId('two-factor-submit').click();
      await step.getByText('The code is wrong or was used already').waitFor();
      assert.equal(await localStorageItem(page, STORAGE_KEYS.session), null);

      // The next step's code (the enabling code's step is spent): signed in.
      await step.getByLabel(/^Authentication code/).fill(await codeAt(secret, 1));
      await step.getByTestId('two-factor-submit').click();
      await waitForPath(page, '/home');
      await page.getByTestId('home-welcome').waitFor();
      assert.notEqual(await localStorageItem(page, STORAGE_KEYS.session), null);
    },
  );
});
