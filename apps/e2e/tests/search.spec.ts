import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginApi } from '../support/api';
import { ADMIN, RESELLER } from '../support/env';
import { useBrowser } from '../support/fixture';
import { loginViaUi, waitForPath } from '../support/ui';

/** A word no other run's records contain. */
const uniqueWord = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function createCompany(token: string, body: Record<string, unknown>): Promise<{ id: string }> {
  const response = await apiCall<{ id: string }>('POST', '/api/companies', { token, body: { country: 'DE', ...body } });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

/** Opens the palette with the keyboard shortcut and types a term. */
async function searchFor(page: Page, term: string) {
  await page.getByTestId('search-button').waitFor();
  await page.keyboard.press('Control+K');
  const input = page.getByRole('textbox', { name: 'Search' });
  await input.waitFor();
  await input.fill(term);
}

describe('global search', () => {
  const { e2e } = useBrowser('global search');

  e2e('Ctrl+K finds a company by name and opens it', async ({ page }) => {
    const admin = await loginApi(ADMIN.mail, ADMIN.password);
    const name = `Zahnwerk ${uniqueWord('search')}`;
    const company = await createCompany(admin, { company_name: name });

    await loginViaUi(page, ADMIN.mail, ADMIN.password);
    await searchFor(page, name.split(' ')[1]!);
    const group = page.getByRole('group', { name: 'Companies' });
    const result = group.getByTestId(`search-record-companies-${company.id}`);
    await result.waitFor();
    assert.match((await result.textContent()) ?? '', new RegExp(name));

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitForPath(page, `/customers/${company.id}/show`);
    await page.getByText(name).first().waitFor();
  });

  e2e('a reseller finds the companies below it, never another partner’s', async ({ page }) => {
    const admin = await loginApi(ADMIN.mail, ADMIN.password);
    const reseller = await loginApi(RESELLER.mail, RESELLER.password);
    const own = await apiCall<{ id: string }>('GET', '/api/my-company', { token: reseller });
    assert.equal(own.status, 200, JSON.stringify(own.body));

    const word = uniqueWord('scope');
    const mine = await createCompany(admin, { company_name: `Praxis ${word} mine`, reseller_id: own.body.id });
    const otherPartner = await createCompany(admin, { company_name: `Partner ${word} other` });
    const theirs = await createCompany(admin, { company_name: `Praxis ${word} theirs`, reseller_id: otherPartner.id });

    await loginViaUi(page, RESELLER.mail, RESELLER.password);
    await searchFor(page, word);
    await page.getByTestId(`search-record-companies-${mine.id}`).waitFor();
    // The answer has arrived (the own company shows); wait until no search is running, then count.
    await page.getByTestId('search-status').waitFor({ state: 'detached' });
    const shown = page.getByRole('group', { name: 'Companies' }).getByRole('button');
    assert.equal(await shown.count(), 1);
    assert.match((await shown.first().textContent()) ?? '', new RegExp(`Praxis ${word} mine`));
    assert.equal(await page.getByTestId(`search-record-companies-${theirs.id}`).count(), 0);
    assert.equal(await page.getByTestId(`search-record-companies-${otherPartner.id}`).count(), 0);

    // The same through the API the palette calls.
    const answer = await apiCall<{ groups: { area: string; items: { id: string }[] }[] }>(
      'GET',
      `/api/search?q=${encodeURIComponent(word)}`,
      { token: reseller },
    );
    assert.equal(answer.status, 200);
    const ids = answer.body.groups.flatMap((g) => g.items.map((i) => i.id));
    assert.deepEqual(ids, [mine.id]);
  });
});
