import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { ADMIN, STORAGE_KEYS } from '../support/env';
import { useBrowser } from '../support/fixture';
import { htmlAttribute, localStorageItem, loginViaUi, waitForValue } from '../support/ui';

describe('preferences', () => {
  const { e2e } = useBrowser('preferences');

  e2e('switching to Deutsch relabels the app without a reload and survives one', async ({ page }) => {
    await loginViaUi(page, ADMIN.mail, ADMIN.password);
    const homeLink = page.getByTestId('nav-link-home');
    assert.equal((await homeLink.innerText()).trim(), 'Home');
    assert.equal(await htmlAttribute(page, 'lang'), 'en');

    // A marker on window disappears on a reload: the switch must keep it.
    await page.evaluate(() => {
      (window as unknown as { __e2eNoReload: boolean }).__e2eNoReload = true;
    });
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-de').click();

    await page.getByTestId('nav-link-home').getByText('Startseite').waitFor();
    await page.getByTestId('home-welcome').getByText('Willkommen, Ada').waitFor();
    assert.equal(await waitForValue(() => htmlAttribute(page, 'lang'), 'de'), 'de');
    assert.equal(
      await page.evaluate(() => (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload),
      true,
      'the language switch reloaded the page',
    );
    assert.equal(await localStorageItem(page, STORAGE_KEYS.language), 'de');

    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByTestId('nav-link-home').getByText('Startseite').waitFor();
    assert.equal(await waitForValue(() => htmlAttribute(page, 'lang'), 'de'), 'de');

    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    await page.getByTestId('nav-link-home').getByText('Home', { exact: true }).waitFor();
    await page.getByTestId('home-welcome').getByText('Welcome, Ada').waitFor();
    assert.equal(await waitForValue(() => htmlAttribute(page, 'lang'), 'en'), 'en');
    assert.equal(await localStorageItem(page, STORAGE_KEYS.language), 'en');
  });

  e2e('the color-scheme toggle flips light and dark and the choice survives a reload', async ({ page }) => {
    await loginViaUi(page, ADMIN.mail, ADMIN.password);
    const scheme = () => htmlAttribute(page, 'data-mantine-color-scheme');
    const initial = await scheme();
    assert.ok(initial === 'light' || initial === 'dark', `unexpected initial scheme ${initial}`);
    const flipped = initial === 'light' ? 'dark' : 'light';

    await page.getByTestId('color-scheme-toggle').click();
    assert.equal(await waitForValue(scheme, flipped), flipped);
    await page.locator(`[data-testid="color-scheme-toggle"][data-scheme="${flipped}"]`).waitFor();

    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByTestId('app-shell').waitFor();
    assert.equal(await waitForValue(scheme, flipped), flipped);
    await page.locator(`[data-testid="color-scheme-toggle"][data-scheme="${flipped}"]`).waitFor();

    await page.getByTestId('color-scheme-toggle').click();
    assert.equal(await waitForValue(scheme, initial), initial);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByTestId('app-shell').waitFor();
    assert.equal(await waitForValue(scheme, initial), initial);
  });

  e2e('the layout switch toggles vertical and horizontal and is remembered', async ({ page }) => {
    await loginViaUi(page, ADMIN.mail, ADMIN.password);
    const shell = (layout: string) => page.locator(`[data-testid="app-shell"][data-layout="${layout}"]`);
    await shell('vertical').waitFor();

    await page.getByTestId('layout-switch').click();
    await shell('horizontal').waitFor();
    await page.getByTestId('nav-menu').getByTestId('nav-section-support').waitFor();
    assert.equal(await localStorageItem(page, STORAGE_KEYS.layout), 'horizontal');

    await page.reload({ waitUntil: 'domcontentloaded' });
    await shell('horizontal').waitFor();

    await page.getByTestId('layout-switch').click();
    await shell('vertical').waitFor();
    await page.reload({ waitUntil: 'domcontentloaded' });
    await shell('vertical').waitFor();
  });
});
