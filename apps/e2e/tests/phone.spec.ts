import assert from 'node:assert/strict';
import { before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginApi } from '../support/api';
import { createCaseApi, grantCredits } from '../support/cases';
import { ADMIN, PRACTICE, RESELLER, STORAGE_KEYS } from '../support/env';
import { useBrowser } from '../support/fixture';
import { networkIdle } from '../support/network';
import { gotoPath, localStorageItem, loginViaUi, pathOf, waitForPath } from '../support/ui';

const PHONE = { width: 390, height: 844 };

/** Pages that the header and every list on it must fit, per user, at each width. */
const PAGES = {
  practice: ['/home', '/my-cases', '/account-setting', '/tickets'],
  admin: ['/home', '/my-cases', '/customers', '/users', '/invoices', '/account-setting'],
};

/** How far the page is wider than the window (0 when nothing scrolls sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The innermost elements that reach past the window's right edge, named for the failure message. */
async function overflowingElements(page: Page): Promise<string> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const names: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      if ([...element.children].some((child) => child.getBoundingClientRect().right > width + 0.5)) continue;
      const id = element.getAttribute('data-testid');
      const text = (element.textContent ?? '').trim().slice(0, 40);
      names.push(`${element.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${text}" to ${Math.ceil(box.right)} px`);
    }
    return names.slice(0, 5).join('; ');
  });
}

/**
 * How far the header's content reaches past the window's right edge. The header is fixed: what overflows it is cut
 * off (a user menu out of reach) rather than scrolled to, so the page's scroll width cannot tell. A scroll area's
 * content (the top menu) scrolls inside it and is left out.
 */
async function headerOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const header = document.querySelector('.mantine-AppShell-header');
    let right = 0;
    for (const element of header?.querySelectorAll('*') ?? []) {
      if (element.closest('.mantine-ScrollArea-viewport')) continue;
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) right = Math.max(right, box.right);
    }
    return Math.max(0, Math.ceil(right - window.innerWidth));
  });
}

/** Visits each page at each width and lists those that scroll sideways or whose header does not fit. */
async function overflowingPages(page: Page, paths: string[], widths = [320, 390, 768]): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    for (const path of paths) {
      await gotoPath(page, path);
      await page.getByTestId('app-shell').waitFor();
      await networkIdle(page);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0)
        found.push(`${path} at ${width} px: ${overflow} px too wide (${await overflowingElements(page)})`);
      const header = await headerOverflow(page);
      if (header > 0) found.push(`${path} at ${width} px: the header reaches ${header} px past the window`);
    }
  }
  return found;
}

describe('phone', () => {
  const { e2e } = useBrowser('phone');
  let practiceCaseId = '';

  before(async () => {
    // A case of the demo practice: a row for the phone's list, and a record outside the reseller's tree.
    const admin = await loginApi(ADMIN.mail, ADMIN.password);
    const practice = await loginApi(PRACTICE.mail, PRACTICE.password);
    const company = await apiCall<{ id: string }>('GET', '/api/my-company', { token: practice });
    assert.equal(company.status, 200, JSON.stringify(company.body));
    await grantCredits(admin, company.body.id, 20, 'Phone e2e');
    practiceCaseId = await createCaseApi(practice, `Phone case ${Date.now().toString(36)}`);
  });

  e2e(
    'nothing scrolls sideways at 320, 390 and 768 px for a practice',
    async ({ page }) => {
      await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
      assert.deepEqual(await overflowingPages(page, PAGES.practice), []);
    },
    { timeout: 240_000 },
  );

  for (const language of ['de', 'fr']) {
    e2e(
      `in ${language}, a practice's pages fit 390 px: the case form, a case, credits, invoices, the account with its mail notifications`,
      async ({ page }) => {
        await page.setViewportSize(PHONE);
        await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
        // The language a user chose is kept in the browser: chosen once, it holds after a reload.
        await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
          STORAGE_KEYS.language,
          language,
        ] as const);
        await page.reload();
        await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
        const paths = [
          '/my-cases/create',
          `/my-cases/${practiceCaseId}/show`,
          '/credits',
          '/invoices',
          '/account-setting',
        ];
        assert.deepEqual(await overflowingPages(page, paths, [PHONE.width]), []);
      },
      { timeout: 180_000 },
    );
  }

  e2e(
    'nothing scrolls sideways at 320, 390 and 768 px for an admin',
    async ({ page }) => {
      await loginViaUi(page, ADMIN.mail, ADMIN.password);
      assert.deepEqual(await overflowingPages(page, PAGES.admin), []);
    },
    { timeout: 240_000 },
  );

  e2e('at 390×844 the drawer holds the user menu, and signing out there ends the session', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
    // The header keeps the burger, the name and the search; the user menu moved to the drawer.
    assert.equal(await page.getByTestId('user-menu').isVisible(), false);
    assert.equal(await page.getByTestId('nav-toggle').isVisible(), true);
    assert.equal(await page.getByTestId('search-button').isVisible(), true);
    // The closed drawer waits beside the window (Mantine slides it in): its sign-out is out of sight.
    const logout = page.getByTestId('drawer-logout');
    const closed = await logout.boundingBox();
    assert.ok(closed === null || closed.x + closed.width <= 0, `the closed drawer's sign-out is at x ${closed?.x}`);

    await page.getByTestId('nav-toggle').click();
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="drawer-logout"]')?.getBoundingClientRect();
      return box !== undefined && box.x >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
    });
    assert.match((await page.getByTestId('drawer-user-identity').textContent()) ?? '', /Paul/);
    await logout.click();

    await waitForPath(page, '/');
    await page.getByTestId('login-form').waitFor();
    assert.equal(await localStorageItem(page, STORAGE_KEYS.session), null);
    // The session is gone: a signed-in page sends back to the login.
    await gotoPath(page, '/home');
    await page.getByTestId('login-form').waitFor();
    assert.equal(pathOf(page), '/');
  });

  e2e('on a phone the cases come first as cards, the filters folded into one control', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
    await gotoPath(page, '/my-cases');
    await page.getByTestId('case-card').first().waitFor();

    const status = page.getByTestId('cases-status-filter');
    assert.equal(await status.isVisible(), false);
    const toggle = page.getByTestId('cases-filters-toggle');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    // The first case sits right below the search and the folded filters, inside the first screen.
    const card = await page.getByTestId('case-card').first().boundingBox();
    assert.ok(card && card.y + card.height <= PHONE.height, `the first case ends at ${card?.y} px`);
    // Its name, status and date show without sideways scrolling.
    const first = page.getByTestId('case-card').first();
    assert.equal(await first.getByTestId('case-status').isVisible(), true);
    const box = await first.boundingBox();
    assert.ok(box && box.x + box.width <= PHONE.width, 'the card fits the window');
    assert.equal(await sidewaysOverflow(page), 0);

    await toggle.click();
    await status.waitFor({ state: 'visible' });
  });

  e2e(
    'a reseller opening a company or a case outside its tree sees the not-found page with a way back',
    async ({ page }) => {
      const admin = await loginApi(ADMIN.mail, ADMIN.password);
      const stranger = await apiCall<{ id: string }>('POST', '/api/companies', {
        token: admin,
        body: { country: 'DE', company_name: `Partner phone ${Date.now().toString(36)}` },
      });
      assert.equal(stranger.status, 201, JSON.stringify(stranger.body));

      await loginViaUi(page, RESELLER.mail, RESELLER.password);
      await gotoPath(page, `/customers/${stranger.body.id}/show`);
      await page.getByTestId('record-not-found').waitFor();
      assert.equal(await page.getByRole('heading', { name: 'This record was not found' }).isVisible(), true);
      const back = page.getByTestId('record-not-found-back');
      assert.equal(await back.textContent(), 'Back to Customers');
      await back.click();
      await waitForPath(page, '/customers');

      await gotoPath(page, `/my-cases/${practiceCaseId}/show`);
      await page.getByTestId('record-not-found').waitFor();
      assert.equal(await page.getByTestId('record-not-found-back').getAttribute('href'), '/my-cases');
    },
  );
});
