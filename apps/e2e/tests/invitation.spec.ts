import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginApi } from '../support/api';
import { ADMIN, baseUrl, NEW_USER_PASSWORD, uniqueMail } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, loginViaUi, PASSWORD_CONFIRMATION_LABEL, PASSWORD_LABEL, waitForPath } from '../support/ui';

type SentMail = { to: string; event: string | null; status: string; html: string | null };

/**
 * The link of the newest mail of an event to an address, read as the admin from the sent mails (GET
 * /mail/list-sent-mails). Without SMTP (the e2e server has none) the viewer is the mail's one channel.
 */
async function linkFromSentMail(to: string, event: string): Promise<string> {
  const token = await loginApi(ADMIN.mail, ADMIN.password);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const list = await apiCall<{ data: SentMail[] }>('GET', `/mail/list-sent-mails?search=${encodeURIComponent(to)}`, {
      token,
    });
    assert.equal(list.status, 200);
    const html = list.body.data.find((m) => m.to === to && m.event === event && m.status === 'sent')?.html;
    const link = html?.match(/href="([^"]+)"/)?.[1];
    if (link) return link.replaceAll('&amp;', '&');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no sent ${event} mail to ${to} within 30 s`);
}

async function setPasswords(page: Page, password: string) {
  const form = page.getByTestId('set-password-form');
  await form.waitFor();
  await form.getByLabel(PASSWORD_LABEL).fill(password);
  await form.getByLabel(PASSWORD_CONFIRMATION_LABEL).fill(password);
  await page.getByTestId('set-password-submit').click();
}

describe('invitations and password reset', () => {
  const { e2e } = useBrowser('invitations');

  e2e('an admin invites a user; the user accepts the mailed link, sets a password and signs in', async ({ page }) => {
    const mail = uniqueMail('invited');
    await loginViaUi(page, ADMIN.mail, ADMIN.password);
    await gotoPath(page, '/users/create');
    // Inviting is the default: no password field.
    await page.getByTestId('user-invite-hint').waitFor();
    assert.equal(await page.getByTestId('user-form').getByLabel(PASSWORD_LABEL).count(), 0);
    await page.getByTestId('user-mail').fill(mail);
    await page.getByTestId('user-first-name').fill('Ines');
    await page.getByTestId('user-submit').click();
    const shown = page.getByTestId('user-show');
    await shown.getByTestId('user-status').getByText('Invited').waitFor();

    const link = await linkFromSentMail(mail, 'user.invitation');
    assert.ok(link.startsWith(`${baseUrl()}/accept-invitation?token=`), link);
    // No SMTP server: the page offers the same link for handing over.
    assert.equal((await page.getByTestId('invitation-link-url').textContent())?.trim(), link);

    // The invited person, in this browser after the admin left.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link, { waitUntil: 'domcontentloaded' });
    await page.getByText(`Choose a password for ${mail}.`, { exact: false }).waitFor();
    await setPasswords(page, NEW_USER_PASSWORD);
    await waitForPath(page, '/home');
    await page.getByTestId('home-welcome').waitFor();

    // The link worked once; the password works for sign-in.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link, { waitUntil: 'domcontentloaded' });
    await page
      .getByTestId('link-problem')
      .getByText('This invitation was accepted already', { exact: false })
      .waitFor();
    await loginViaUi(page, mail, NEW_USER_PASSWORD);
  });

  e2e('a user who forgot the password asks for a link on the sign-in page and sets a new one', async ({ page }) => {
    const mail = uniqueMail('forgot');
    const created = await apiCall('POST', '/auth/create-user', { body: { mail, password: NEW_USER_PASSWORD } });
    assert.equal(created.status, 201);
    const newPassword = 'E2e#Reset456';

    await gotoPath(page, '/');
    await page.getByTestId('forgot-password-link').click();
    await waitForPath(page, '/forgot-password');
    await page.getByTestId('forgot-password-form').getByLabel('Email').fill(mail);
    await page.getByTestId('forgot-password-submit').click();
    await page.getByTestId('forgot-password-sent').waitFor();

    const link = await linkFromSentMail(mail, 'user.password-reset');
    assert.ok(link.startsWith(`${baseUrl()}/reset-password?token=`), link);
    await page.goto(link, { waitUntil: 'domcontentloaded' });
    await setPasswords(page, newPassword);
    await waitForPath(page, '/');
    assert.equal((await apiCall('POST', '/auth/login', { body: { mail, password: NEW_USER_PASSWORD } })).status, 401);
    await loginViaUi(page, mail, newPassword);
  });
});
