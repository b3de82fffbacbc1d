import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN, PRACTICE, STORAGE_KEYS } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, localStorageItem, loginViaUi, pathOf, waitForPath, waitForValue } from '../support/ui';

/** The side menu as text: a plain link by its label, a section as `Label: entry, entry` (visible entries only). */
function sideMenu(page: Page): Promise<string[]> {
  return page.getByTestId('nav-menu').evaluate((nav) =>
    [...nav.children].map((child) => {
      if (child.tagName === 'A') return child.textContent ?? '';
      const header = child.querySelector('button')?.textContent ?? '?';
      const links = [...child.querySelectorAll('a')]
        .filter((link) => link.checkVisibility())
        .map((link) => link.textContent);
      return `${header}: ${links.join(', ')}`;
    }),
  );
}

/** The top menu as text: a plain link by its label, a section's menu button as `Label ▾`. */
function topMenu(page: Page): Promise<string[]> {
  return page
    .getByTestId('nav-menu')
    .evaluate((nav) =>
      [...nav.querySelectorAll('a, button')].map((item) =>
        item.tagName === 'A' ? (item.textContent ?? '') : `${item.textContent} ▾`,
      ),
    );
}

const ADMIN_MENU = [
  'Home',
  'Cases',
  'Customers: Customers, Units',
  'Billing: Invoices, Reminder levels, Invoice summary, Credits, Payment history, Packages, Coupon codes, Country credits, Credit settings',
  'Help & support: Support tickets, FAQ, Data privacy',
  'Content: News, Help content, Mail templates, Mail template assignment, Sent mails, Document templates, Document assignment',
  'Administration: Users, Roles, Permissions, API keys, Registration, Flags and tags, Audit trail',
  'My account: Account settings, My company',
];

/** Which side-menu sections are open, by group. */
function expandedSections(page: Page): Promise<Record<string, boolean>> {
  return page
    .getByTestId('nav-menu')
    .evaluate((nav) =>
      Object.fromEntries(
        [...nav.querySelectorAll('[data-testid$="-toggle"]')].map((toggle) => [
          (toggle.getAttribute('data-testid') ?? '').replace(/^nav-section-|-toggle$/g, ''),
          toggle.getAttribute('aria-expanded') === 'true',
        ]),
      ),
    );
}

/** Opens every collapsed section of the side menu. */
async function openAllSections(page: Page): Promise<void> {
  for (const [group, open] of Object.entries(await expandedSections(page))) {
    if (open) continue;
    const toggle = page.getByTestId(`nav-section-${group}-toggle`);
    await toggle.click();
    assert.equal(await waitForValue(() => toggle.getAttribute('aria-expanded'), 'true'), 'true');
  }
  // The sections' transitions have ended: every entry is visible.
  await page.getByTestId('nav-menu').locator('a').last().waitFor();
}

/** Presses Tab until the element with `testId` has the focus (at most `limit` times: a page's rows come first). */
async function tabTo(page: Page, testId: string, limit = 150): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    if (focused === testId) return;
  }
  throw new Error(`Tab never reached ${testId}`);
}

describe('navigation', () => {
  const { e2e } = useBrowser('navigation');

  e2e(
    'a dental practice sees home, its cases, its credits, help and its account; no back-office section',
    async ({ page }) => {
      await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
      // Billing holds what a company does with its credits: its invoices (read-only, ADR 0118), its balance, buying
      // more, its payments.
      assert.deepEqual(await sideMenu(page), [
        'Home',
        'Cases',
        'Billing: Invoices, Credits, Buy credits, Payment history',
        'Help & support: Support tickets, FAQ, Data privacy',
        'My account: Account settings, My company',
      ]);
      for (const group of ['customers', 'content', 'administration']) {
        assert.equal(await page.getByTestId(`nav-section-${group}`).count(), 0, `${group} is shown`);
      }
      assert.equal(await page.getByTestId('nav-link-home').getAttribute('aria-current'), 'page');

      await page.getByTestId('nav-link-faq').click();
      await waitForPath(page, '/faq');
      const faqCurrent = () => page.getByTestId('nav-link-faq').getAttribute('aria-current');
      assert.equal(await waitForValue(faqCurrent, 'page'), 'page');
      assert.equal(await page.getByTestId('nav-link-home').getAttribute('aria-current'), null);
    },
  );

  e2e(
    "the admin's menu starts collapsed and fits a 1400 × 900 screen; opened, it holds every entry in order",
    async ({ page }) => {
      await page.setViewportSize({ width: 1400, height: 900 });
      await loginViaUi(page, ADMIN.mail, ADMIN.password);
      assert.deepEqual(await expandedSections(page), {
        customers: false,
        billing: false,
        support: false,
        content: false,
        administration: false,
        account: false,
      });
      // Neither the menu nor its scroll area needs to scroll.
      const overflow = await page.getByTestId('nav-menu').evaluate((nav) => {
        const viewport = nav.closest('.mantine-ScrollArea-viewport') ?? nav;
        return [nav.scrollHeight - nav.clientHeight, viewport.scrollHeight - viewport.clientHeight];
      });
      assert.deepEqual(overflow, [0, 0]);

      // Every entry opens its page, its section opened as needed.
      const readLinks = () =>
        page
          .getByTestId('nav-menu')
          .evaluate((nav) => [...nav.querySelectorAll('a')].map((link) => link.getAttribute('data-testid') ?? ''));
      // On a busy machine the collapsed sections' entries may mount a moment after the menu shows.
      const expectedCount = ADMIN_MENU.join(', ').split(', ').length;
      await waitForValue(async () => (await readLinks()).length, expectedCount);
      const links = await readLinks();
      assert.equal(links.length, expectedCount);
      for (const testId of links) {
        const link = page.getByTestId(testId);
        if (!(await link.isVisible())) {
          const section = await link.evaluate((a) =>
            a.closest('[data-testid^="nav-section-"]')?.getAttribute('data-testid'),
          );
          await page.getByTestId(`${section}-toggle`).click();
          await link.waitFor();
        }
        await link.click();
        assert.equal(
          await waitForValue(() => link.getAttribute('aria-current'), 'page'),
          'page',
          `${testId} is not current`,
        );
      }

      await openAllSections(page);
      assert.deepEqual(await sideMenu(page), ADMIN_MENU);
    },
    { timeout: 240_000 },
  );

  e2e('a section the user opened or closed stays so after a reload', async ({ page }) => {
    await loginViaUi(page, ADMIN.mail, ADMIN.password);
    const toggle = page.getByTestId('nav-section-content-toggle');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    await page.getByTestId('nav-link-mail-templates').waitFor();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.equal(await localStorageItem(page, STORAGE_KEYS.navSections), '{"content":true}');

    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByTestId('nav-section-administration-toggle').waitFor();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.getByTestId('nav-link-mail-templates').isVisible(), true);
    assert.equal(await page.getByTestId('nav-section-administration-toggle').getAttribute('aria-expanded'), 'false');

    await toggle.click();
    await page.getByTestId('nav-link-mail-templates').waitFor({ state: 'hidden' });
    assert.equal(await localStorageItem(page, STORAGE_KEYS.navSections), '{"content":false}');
    assert.ok((await sideMenu(page)).includes('Content: '));
  });

  e2e('the keyboard reaches a section header with Tab, and Enter toggles it with a visible focus', async ({ page }) => {
    await loginViaUi(page, ADMIN.mail, ADMIN.password);
    await tabTo(page, 'nav-section-support-toggle');
    const toggle = page.getByTestId('nav-section-support-toggle');
    const outline = await toggle.evaluate((element) => getComputedStyle(element).outlineStyle);
    assert.notEqual(outline, 'none', 'the focused section header shows no focus ring');
    const controls = await toggle.getAttribute('aria-controls');
    assert.ok(controls, 'the section header names the region it controls');
    assert.equal(await page.locator(`[id="${controls}"]`).getByTestId('nav-link-faq').count(), 1);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    // The collapsed section's entries are out of the Tab order: the next stop is the next section's header.
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'nav-section-content-toggle',
    );

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    assert.equal(await waitForValue(() => toggle.getAttribute('aria-expanded'), 'true'), 'true');
    await page.getByTestId('nav-link-faq').waitFor();
    // The section's first entry: its support tickets.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/tickets');
  });

  e2e('opening a page opens its section and highlights it, and leaving it collapses it again', async ({ page }) => {
    await loginViaUi(page, ADMIN.mail, ADMIN.password);
    assert.equal(await page.getByTestId('nav-section-administration-toggle').getAttribute('aria-expanded'), 'false');
    assert.equal(await page.getByTestId('nav-link-roles').isVisible(), false);

    await gotoPath(page, '/roles');
    const roles = page.getByTestId('nav-link-roles');
    await roles.waitFor();
    assert.equal(await roles.getAttribute('aria-current'), 'page');
    assert.equal(await page.getByTestId('nav-section-administration-toggle').getAttribute('aria-expanded'), 'true');
    assert.equal(await page.locator('[data-testid="nav-menu"] [aria-current="page"]').count(), 1);

    // On a short screen the menu scrolls, and brings the current page's entry into view.
    await page.setViewportSize({ width: 1280, height: 500 });
    await gotoPath(page, '/account-setting');
    const account = page.getByTestId('nav-link-account-setting');
    await account.waitFor();
    // Administration was open for its page only: on another section's page it is collapsed again.
    assert.equal(await page.getByTestId('nav-section-administration-toggle').getAttribute('aria-expanded'), 'false');
    const inView = () =>
      account.evaluate((link) => {
        const box = link.getBoundingClientRect();
        return box.top >= 60 && box.bottom <= window.innerHeight;
      });
    assert.equal(await waitForValue(inView, true), true);
  });

  e2e(
    'the top menu shows the sections as menus; the current one is marked and an entry navigates',
    async ({ page }) => {
      await loginViaUi(page, ADMIN.mail, ADMIN.password);
      await page.getByTestId('layout-switch').click();
      await page.locator('[data-testid="app-shell"][data-layout="horizontal"]').waitFor();
      assert.deepEqual(await topMenu(page), [
        'Home',
        'Cases',
        'Customers ▾',
        'Billing ▾',
        'Help & support ▾',
        'Content ▾',
        'Administration ▾',
        'My account ▾',
      ]);
      assert.equal(await page.getByTestId('nav-link-home').getAttribute('aria-current'), 'page');

      const administration = page.getByTestId('nav-section-administration');
      assert.equal(await administration.getAttribute('aria-haspopup'), 'menu');
      await administration.click();
      const menu = page.getByTestId('nav-section-administration-menu');
      await menu.waitFor();
      assert.deepEqual(await menu.getByRole('menuitem').allTextContents(), [
        'Users',
        'Roles',
        'Permissions',
        'API keys',
        'Registration',
        'Flags and tags',
        'Audit trail',
      ]);
      await menu.getByRole('menuitem', { name: 'Roles' }).click();
      await waitForPath(page, '/roles');
      await menu.waitFor({ state: 'hidden' });
      assert.equal(await waitForValue(() => administration.getAttribute('aria-current'), 'true'), 'true');
      assert.equal(await page.getByTestId('nav-section-content').getAttribute('aria-current'), null);

      // From the keyboard: Tab to a section's button, Enter opens its menu on its first entry, arrows pick, Enter
      // follows.
      await tabTo(page, 'nav-section-content');
      await page.keyboard.press('Enter');
      const content = page.getByTestId('nav-section-content-menu');
      await content.waitFor();
      // Mantine moves the focus to the first entry once the menu has opened: arrows pressed before would be lost.
      const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      assert.equal(await waitForValue(focused, 'News'), 'News');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await waitForPath(page, '/global-configuration');
      const contentCurrent = () => page.getByTestId('nav-section-content').getAttribute('aria-current');
      assert.equal(await waitForValue(contentCurrent, 'true'), 'true');
      assert.equal(await administration.getAttribute('aria-current'), null);
      assert.equal(pathOf(page), '/global-configuration');
    },
  );

  e2e('on a phone the burger opens the sectioned menu and an entry closes it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
    // The closed side menu slides out of the screen to the left.
    const faq = page.getByTestId('nav-link-faq');
    const onScreen = () => faq.evaluate((link) => link.getBoundingClientRect().right > 0);
    assert.equal(await onScreen(), false);
    await page.getByTestId('nav-toggle').click();
    assert.equal(await waitForValue(onScreen, true), true);
    await faq.click();
    await waitForPath(page, '/faq');
    assert.equal(await waitForValue(onScreen, false), false);
  });
});
