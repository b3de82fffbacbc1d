import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { apiCall, loginApi } from '../support/api';
import { createCaseApi, grantCredits } from '../support/cases';
import { ADMIN, PRACTICE } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, htmlAttribute, loginViaUi, waitForValue } from '../support/ui';

/** What the server used to write into a case's history in English, whatever the reader's language. */
const ENGLISH_SERVER_TEXT = ['Submitted', 'Processing started', 'credits for', 'Status:', 'Results ready for review'];

async function waitForStatus(token: string, id: string, status: string, timeout = 90_000) {
  const until = Date.now() + timeout;
  for (;;) {
    const found = await apiCall<{ status: string }>('GET', `/api/case-lists/${id}`, { token });
    if (found.body.status === status) return;
    if (Date.now() > until) throw new Error(`case ${id} is ${found.body.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('German', () => {
  const { e2e } = useBrowser('german');

  e2e('a practice reading German walks a case and sees no English server text', async ({ page }) => {
    const adminToken = await loginApi(ADMIN.mail, ADMIN.password);
    const practiceToken = await loginApi(PRACTICE.mail, PRACTICE.password);
    const company = await apiCall<{ id: string }>('GET', '/api/my-company', { token: practiceToken });
    await grantCredits(adminToken, company.body.id, 50, 'German e2e');
    const name = `Kronen ${Date.now().toString(36)}`;
    const id = await createCaseApi(practiceToken, name);
    await waitForStatus(practiceToken, id, 'in-approval');

    await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-de').click();
    assert.equal(await waitForValue(() => htmlAttribute(page, 'lang'), 'de'), 'de');

    await gotoPath(page, `/my-cases/${id}/show`);
    const history = page.getByTestId('case-logs');
    await history.getByText(/^Eingereicht: \d+ Credits? für 2 Zähne$/).waitFor();
    await history.getByText('Ergebnisse bereit zur Prüfung').waitFor();
    await history.getByText('Verarbeitung gestartet (Referenz-Engine)').waitFor();
    const caseText = await page.locator('body').innerText();
    for (const english of ENGLISH_SERVER_TEXT) {
      assert.ok(!caseText.includes(english), `the case page shows "${english}":\n${caseText}`);
    }
    assert.ok(!(await page.title()).includes('dental scans'), `tab title: ${await page.title()}`);

    await gotoPath(page, '/my-cases');
    await page.getByText(name).first().waitFor();
    const listText = await page.locator('body').innerText();
    for (const english of ENGLISH_SERVER_TEXT) {
      assert.ok(!listText.includes(english), `the cases list shows "${english}":\n${listText}`);
    }

    // A day filter writes and takes the German date, with German month names, whatever the browser's locale.
    const from = page.getByTestId('cases-from-filter');
    await from.fill('01.03.2026');
    await page.getByText('März 2026').first().waitFor();
    assert.equal(await page.locator('[data-dates-dropdown] th').first().textContent(), 'Mo');
    await waitForValue(async () => new URL(page.url()).searchParams.get('from'), '2026-03-01');
    await from.press('Tab');
    // The field shows the day the URL holds once the filter's navigation (a React transition) has rendered.
    assert.equal(await waitForValue(() => from.inputValue(), '01.03.2026'), '01.03.2026');

    // The global search names the case's status as the list does, not by its English code.
    await page.keyboard.press('Control+K');
    const search = page.getByRole('textbox', { name: 'Suche' });
    await search.waitFor();
    await search.fill(name.split(' ')[1]!);
    const found = page.getByTestId(`search-record-cases-${id}`);
    await found.waitFor();
    const foundText = (await found.textContent()) ?? '';
    assert.match(foundText, /In Freigabe/);
    assert.ok(!foundText.includes('in-approval'), `the search shows the status code: ${foundText}`);
  });
});
